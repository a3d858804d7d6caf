import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The web app's layers (CONTRIBUTING.md, Web; decision 021). */
const web = 'apps/web/src';
const webElements = [
  { type: 'feature', pattern: `${web}/features/*`, capture: ['name'] },
  { type: 'shared', pattern: `${web}/{api,components,hooks,lib,test,vendor}` },
];
const webShell = [{ category: 'shell', pattern: `${web}/{routes,main,entry-server,app-providers}.tsx` }];
const webPolicies = [
  {
    from: { element: { type: 'feature' } },
    disallow: { to: { element: { type: 'feature', captured: { name: '!{{ from.element.captured.name }}' } } } },
    message: 'Features never import each other: share it through components/, hooks/ or api/, or meet in routes.tsx.',
  },
  {
    from: { element: { type: 'shared' } },
    disallow: { to: { element: { type: 'feature' } } },
    message: 'components/, hooks/, api/, lib/ and test/ serve every feature and never import one.',
  },
  {
    from: { element: { types: ['feature', 'shared'] } },
    disallow: { to: { file: { categories: 'shell' } } },
    message: 'Only the app shell imports the router and the entry points.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/migrations/**',
      'test-results/**',
      'playwright-report/**',
      'apps/web/public/models/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, boundaries },
    settings: {
      'boundaries/elements': webElements,
      'boundaries/files': webShell,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // A feature imports only itself and the shared folders; the shared folders never import a feature; features
      // meet in routes.tsx. Import cycles are found by apps/web/src/import-graph.test.ts.
      'boundaries/dependencies': ['error', { default: 'allow', policies: webPolicies }],
    },
  },
  {
    files: [
      'apps/server/src/main.ts',
      '**/cli.ts',
      '**/*-cli.ts',
      'bench/**',
      'scripts/**',
      'e2e/**',
      'apps/server/src/db/seed/**',
    ],
    rules: { 'no-console': 'off' },
  },
);
