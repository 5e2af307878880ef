/**
 * Writes what is derived from the declarations in src/shared/api (`npm run docs:api`): the README's API table
 * and the name → method and URL table the callers use (src/shared/api/routes.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { allEndpoints, endpointsByName } from '../src/shared/api/index.js';
import { apiTable, withApiTable } from '../src/shared/api/readme-table.js';
import { ROUTES_FILE, routeTable } from '../src/shared/api/route-table.js';

const readme = readFileSync('README.md', 'utf8');
writeFileSync('README.md', withApiTable(readme, apiTable(allEndpoints)));
// Formatted as the rest of the code, so the format check holds right after this script.
const options = await resolveConfig(ROUTES_FILE);
writeFileSync(ROUTES_FILE, await format(routeTable(endpointsByName), { ...options, filepath: ROUTES_FILE }));
console.log(`README.md: ${allEndpoints.length} endpoints in the API table; ${ROUTES_FILE} written`);
