import type { Endpoint } from './contract.js';

export const ROUTES_FILE = 'src/shared/api/routes.ts';

/**
 * The text of `routes.ts`: each endpoint's name, method and URL, with nothing else, so the browser can call
 * the API by name without bundling the Zod declarations. Written by `npm run docs:api`; a test fails when it
 * is stale, and its `satisfies` clause fails the type check when a URL or method no longer matches.
 */
export function routeTable(endpoints: Readonly<Record<string, Endpoint>>): string {
  const lines = Object.entries(endpoints).map(
    ([name, endpoint]) =>
      `  ${name}: { method: '${endpoint.method}', url: '${endpoint.url}'${endpoint.security ? `, security: '${endpoint.security}'` : ''} },`,
  );
  return `// Written by \`npm run docs:api\` from the declarations in src/shared/api: do not edit by hand.
import type { ApiEndpoints, EndpointName } from './index.js';

/** Method, URL and bearer token of every endpoint, by name: what a caller needs at run time (the types come from the declarations). */
export const ROUTES = {
${lines.join('\n')}
} as const satisfies {
  [N in EndpointName]: { method: ApiEndpoints[N]['method']; url: ApiEndpoints[N]['url']; security?: 'admin' | 'metrics' };
};
`;
}
