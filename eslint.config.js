import fs from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WEB = './apps/web/src';
const features = fs
  .readdirSync(`${WEB}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const others = (feature) => features.filter((other) => other !== feature).join('|');

/**
 * The web app's boundaries (STYLE "Boundaries the linter keeps", bulletproof-react): a feature
 * never imports another feature or the app; shared code (api, components, lib, i18n, session) never imports a feature
 * or the app; only `app/` composes features. ESLint's own `no-restricted-imports` over the relative
 * paths does it: import-x would need unrs-resolver, whose platform packages the registry here does
 * not all serve, so `npm ci` could not install it (decision 010).
 */
const webBoundaries = [
  ...features.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(features/)?(${others(feature)})/`,
              message:
                'A feature never imports another feature: move what both need to shared code, or compose them in app/.',
            },
            {
              regex: '^(\\.\\./)+app/',
              message:
                'A feature never imports the app: the session is in session/, shared helpers in lib/ and components/; only app/ composes features.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/web/src/{api,components,lib,i18n,session}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(features|app)/',
              message: 'Shared code never imports a feature or the app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/testing/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./)+features/', message: 'Test helpers never import a feature.' }] },
      ],
    },
  },
];

const SERVER = './apps/server/src';
const modules = fs
  .readdirSync(`${SERVER}/modules`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const otherModules = (module) => modules.filter((other) => other !== module).join('|');

const ENTRY_ONLY =
  'Another module is used only through its entry (modules/<name>/index.ts): export what you need from there (decision 028).';

/**
 * The server's boundaries (decision 028): a module uses another only through that module's entry
 * (`../<name>/index.ts`), and the app's shared code uses modules only through theirs or the list
 * of modules (`modules/index.ts`). The same `no-restricted-imports` over relative paths as the web's.
 */
const serverBoundaries = [
  ...modules.map((module) => ({
    files: [`apps/server/src/modules/${module}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // A module's files sit in its folder: a sibling module is one level up.
              regex: `^(\\.\\./(${otherModules(module)})|(\\.\\./)+modules/[a-z-]+)/(?!index\\.ts$)`,
              message: ENTRY_ONLY,
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/modules/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)modules/[a-z-]+/(?!index\\.ts$)[^/]+$', message: ENTRY_ONLY }] },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      'data/',
      '**/drizzle/meta/',
      '**/test-results/',
      '**/playwright-report/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...webBoundaries,
  ...serverBoundaries,
  {
    // A test that asserts on a value it just created may say so with `!`.
    files: ['**/*.test.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['bench/**/*.ts', 'apps/server/src/scripts/**/*.ts', 'scripts/**/*.mjs'],
    rules: { 'no-console': 'off' },
  },
);
