/** Writes the README's API table from the declarations in src/shared/api (`npm run docs:api`). */
import { readFileSync, writeFileSync } from 'node:fs';
import { allEndpoints } from '../src/shared/api/index.js';
import { apiTable, withApiTable } from '../src/shared/api/readme-table.js';

const readme = readFileSync('README.md', 'utf8');
writeFileSync('README.md', withApiTable(readme, apiTable(allEndpoints)));
console.log(`README.md: ${allEndpoints.length} endpoints in the API table`);
