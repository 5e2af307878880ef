import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
