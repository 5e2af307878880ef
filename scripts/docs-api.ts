/**
 * Writes what is derived from the declarations in src/shared/api (`npm run docs:api`): the README's API table
 * and the name → method and URL table the callers use (src/shared/api/routes.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { allEndpoints, endpointsByName } from '../src/shared/api/index.js';
import { apiTable, withApiTable } from '../src/shared/api/readme-table.js';
import { ROUTES_FILE, routeTable } from '../src/shared/api/route-table.js';

const readme = readFileSync('README.md', 'utf8');
writeFileSync('README.md', withApiTable(readme, apiTable(allEndpoints)));
writeFileSync(ROUTES_FILE, routeTable(endpointsByName));
console.log(`README.md: ${allEndpoints.length} endpoints in the API table; ${ROUTES_FILE} written`);
