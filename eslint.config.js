import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features meet in the router and in components/, never import each other.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // From a feature's own root (features/x/routes.tsx), ../../api and ../../components are the shared app.
              group: ['../../*/**', '!../../../**', '!../../api/**', '!../../components/**'],
              message: 'Features must not import other features.',
            },
          ],
        },
      ],
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
