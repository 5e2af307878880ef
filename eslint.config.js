import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Lower-case words and digits joined by hyphens (`market-card`, `0001-initial`); `.test`/`.spec` do not count. */
const KEBAB = '+([a-z0-9])*(-+([a-z0-9]))';

/** Every file under `dir` whose name matches `pattern`, as a path from the project root. */
function filesUnder(dir, pattern) {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => pattern.test(name))
    .map((name) => `${dir}/${name}`);
}

const REPOSITORIES = filesUnder('src/server', /-repository\.ts$/);
const ROUTES = filesUnder('src/server', /-routes\.ts$/);
const FEATURES = readdirSync('src/web/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The server's inner layers: routes → services → repositories. A repository is reached by the services
 * (the modules of the domain folders that are not routes) and by the one wiring module, src/server/services.ts;
 * never by a route, the app shell, the process entry points, the CLIs, the stream or the pages. Repositories
 * know nothing above them. Web features reach one another only through the other feature's index.ts.
 */
const LAYER_ZONES = [
  {
    target: ROUTES,
    from: REPOSITORIES,
    message: 'Routes reach the database through a service (routes → services → repositories).',
  },
  {
    target: [
      'src/server/app.ts',
      'src/server/server.ts',
      'src/server/main.ts',
      ...['cli', 'realtime', 'ops', 'page', 'share'].flatMap((dir) => filesUnder(`src/server/${dir}`, /\.ts$/)),
    ].filter((file) => !ROUTES.includes(file)),
    from: REPOSITORIES,
    message: 'Only services and the wiring module (src/server/services.ts) reach a repository.',
  },
  {
    target: REPOSITORIES,
    from: ['src/server/app.ts', 'src/server/server.ts', 'src/server/services.ts', ...ROUTES],
    message: 'Repositories know nothing above them: they import the database layer and src/shared only.',
  },
  {
    target: filesUnder('src/server', /^(?!.*-routes\.ts$)(?!app\.ts$).*\.ts$/),
    from: ROUTES,
    message: 'Only the app (src/server/app.ts) registers routes; services never import them.',
  },
  ...FEATURES.map((feature) => ({
    target: FEATURES.filter((other) => other !== feature).map((other) => `src/web/features/${other}`),
    from: `src/web/features/${feature}`,
    except: ['./index.ts'],
    message: `Another feature uses "${feature}" only through its public entry, features/${feature}/index.ts.`,
  })),
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: LAYER_ZONES }],
    },
  },
  {
    // Cycles are looked for in the application only: nothing there imports the tests, benchmarks or scripts, so no
    // cycle can pass through them, and following their imports as well only lengthened every lint.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}', 'bench/**/*.{ts,tsx}', 'scripts/**/*.{ts,tsx,js,mjs}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': ['error', { '**/*': KEBAB }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '**/': KEBAB }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // The layering the README states, enforced: shared code is used by both sides, so it imports neither;
  // the server and the browser never import each other; features never import the app shell.
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(server|web)/',
              message: 'src/shared is used by the server and the browser: it imports neither.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./)+web/', message: 'The server does not import browser code; share it through src/shared.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./)+server/', message: 'The browser does not import server code; share it through src/shared.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./)+server/', message: 'The browser does not import server code; share it through src/shared.' },
            {
              regex: '^(\\.\\./)+app/',
              message: 'Features do not import the app shell: move what they share to src/web/lib or components.',
            },
          ],
        },
      ],
    },
  },
  // SQL is written only under db/ and in repositories (*-repository.ts): elsewhere the database driver and
  // Kysely are imported for their types only, and no query is built. The one exception is the change bus's
  // own LISTEN connection (realtime/pg-change-bus.ts), which is a transport, not a query of the domain.
  {
    files: ['src/server/**/*.ts'],
    ignores: [
      'src/server/db/**',
      'src/server/**/*-repository.ts',
      'src/server/realtime/pg-change-bus.ts',
      'src/server/**/*.test.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['kysely', 'better-sqlite3', 'pg'].map((name) => ({
            name,
            allowTypeImports: true,
            message: 'SQL lives under src/server/db and in *-repository.ts files.',
          })),
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|prepare|pragma)$/]',
          message: 'SQL lives under src/server/db and in *-repository.ts files.',
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql']",
          message: 'SQL lives under src/server/db and in *-repository.ts files.',
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
