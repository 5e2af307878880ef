import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { format, resolveConfig } from 'prettier';

/** NaN (not measured) is stored as null in the JSON file. */
export type Cell = string | number | null;

export interface Table {
  caption?: string;
  headers: string[];
  rows: Cell[][];
}

export interface Section {
  id: string;
  title: string;
  /** ISO date and time of the run. */
  ranAt: string;
  machine: string;
  /** What is measured and against what, in a few lines. */
  method: string;
  tables: Table[];
  /** One line: what the figures say. */
  reading: string;
  notes?: string[];
}

export function loadSections(file: string): Record<string, Section> {
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, Section>;
}

/** Written as Prettier would, so `npm run format:check` stays green after a run. */
export async function saveSections(file: string, sections: Record<string, Section>): Promise<void> {
  mkdirSync(dirname(file), { recursive: true });
  const options = (await resolveConfig(file)) ?? {};
  writeFileSync(file, await format(JSON.stringify(sections), { ...options, filepath: file }));
}

function cell(value: Cell): string {
  if (value === null) return '—';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '—';
    return Number.isInteger(value) ? value.toLocaleString('en-US') : String(value);
  }
  return value.replace(/\|/g, '\\|');
}

function renderTable(table: Table): string {
  const lines: string[] = [];
  if (table.caption) lines.push(`**${table.caption}**`, '');
  lines.push(`| ${table.headers.join(' | ')} |`);
  lines.push(`| ${table.headers.map((_, index) => (index === 0 ? '---' : '---:')).join(' | ')} |`);
  for (const row of table.rows) lines.push(`| ${row.map(cell).join(' | ')} |`);
  return lines.join('\n');
}

export function renderSection(section: Section): string {
  const parts = [
    `## ${section.title}`,
    `Run ${section.ranAt.replace('T', ' ').slice(0, 16)} UTC on ${section.machine}.`,
    section.method,
    ...section.tables.map(renderTable),
    `**Reading:** ${section.reading}`,
  ];
  if (section.notes && section.notes.length > 0) parts.push(section.notes.map((note) => `- ${note}`).join('\n'));
  return parts.join('\n\n');
}

export function renderReport(intro: string, order: readonly string[], sections: Record<string, Section>): string {
  const body = order
    .map((id) => sections[id])
    .filter((section): section is Section => section !== undefined)
    .map(renderSection);
  return `${[intro, ...body].join('\n\n')}\n`;
}
