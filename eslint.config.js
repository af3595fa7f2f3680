import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const firstLoadImports = {
  paths: [
    {
      name: '@fp/contract',
      allowTypeImports: true,
      message: 'The first load imports contract values from @fp/contract/web (zod-free).',
    },
  ],
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/server/drizzle/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Type-aware rules: a promise is awaited, returned or explicitly let go (`void`, with the reason beside it).
    files: ['apps/**/*.ts', 'apps/**/*.tsx', 'packages/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // The declarative router's navigate() returns nothing (its type also covers the data router's promise).
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', name: 'NavigateFunction', package: 'react-router' }] },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/no-for-in-array': 'error',
      '@typescript-eslint/no-implied-eval': 'error',
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Everything on the first load takes contract values from the zod-free entry (apps/web/WEB.md, First load):
    // the shell, layouts, components, api, auth, i18n, and the login, home and maintenance screens.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/pages/**/!(registry).tsx', 'apps/web/src/pages/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', firstLoadImports] },
  },
  {
    files: ['apps/web/src/pages/{login,home,maintenance}/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', firstLoadImports] },
  },
  {
    files: ['apps/web/src/**/*.tsx', 'apps/web/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
