import { z } from 'zod';
import type { Endpoint } from './contract.js';

export const TABLE_START = '<!-- api-table:start (npm run docs:api) -->';
export const TABLE_END = '<!-- api-table:end -->';

/** `{ marketId, voteType, proof? }`: the fields of an object schema, optional ones marked. */
function fieldsOf(schema: z.ZodType): string | null {
  if (schema instanceof z.ZodObject) {
    const names = Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, field]) => {
      if (field instanceof z.ZodLiteral) return `${name}: ${JSON.stringify(field.value)}`;
      return field.safeParse(undefined).success ? `${name}?` : name;
    });
    return `{ ${names.join(', ')} }`;
  }
  if (schema instanceof z.ZodDiscriminatedUnion || schema instanceof z.ZodUnion) {
    const options = (schema.options as z.ZodType[]).map(fieldsOf).filter((hint): hint is string => hint !== null);
    return options.join(' or ');
  }
  if (schema instanceof z.ZodPipe) return fieldsOf(schema.in as z.ZodType);
  return null;
}

function callOf(endpoint: Endpoint): string {
  const query = endpoint.querystring instanceof z.ZodObject ? `?${Object.keys(endpoint.querystring.shape).join('&')}=…` : '';
  const body = endpoint.body ? fieldsOf(endpoint.body) : null;
  return `\`${endpoint.method} ${endpoint.url}${query}\`${body ? ` \`${body}\`` : ''}`;
}

/** The README's API table, one row per declared endpoint, in declaration order. */
export function apiTable(endpoints: readonly Endpoint[]): string {
  const rows = endpoints.map((endpoint) => {
    const bearer = endpoint.security ? ` Bearer \`${endpoint.security === 'admin' ? 'ADMIN_TOKEN' : 'METRICS_TOKEN'}\`.` : '';
    return `| ${callOf(endpoint)} | ${endpoint.answer} | ${endpoint.summary}.${bearer} |`;
  });
  return ['| call | answer | what |', '|---|---|---|', ...rows].join('\n');
}

/** The README with its table replaced by the one the declarations give. */
export function withApiTable(readme: string, table: string): string {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start === -1 || end < start) throw new Error(`README: markers ${TABLE_START} … ${TABLE_END} not found`);
  return `${readme.slice(0, start + TABLE_START.length)}\n${table}\n${readme.slice(end)}`;
}
