import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';

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
  {
    // Web dates default from the business date (the contract's businessDate(), Asia/Ho_Chi_Minh), never from the
    // browser's clock: dayjs() without a value is refused.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='dayjs'][arguments.length=0]",
          message: 'A date defaults from businessDate() (@fp/contract), not from the browser clock (dayjs()).',
        },
      ],
    },
  },
  {
    // Every text a user reads comes from i18next (en.json / vi.json): a literal user-facing string in a screen is an
    // error. Checked: JSX text, display attributes and the display properties of objects (column titles, labels,
    // confirmations). Not user text: identifiers, keys, paths, codes (no lower case) and the catalogue's toast terms,
    // which the toast translates itself.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/e2e/**'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'all',
          'jsx-attributes': {
            exclude: [
              'className',
              'style',
              'type',
              'key',
              'id',
              'width',
              'height',
              'to',
              'href',
              'name',
              'rowKey',
              'size',
              'mode',
              'layout',
              'placement',
              'align',
              'fixed',
              'icon',
              'htmlType',
              'dataIndex',
              'path',
              'src',
              'target',
              'rel',
              'role',
              'data-testid',
              'autoComplete',
              'format',
              'picker',
              'shape',
              'status',
              'variant',
              'color',
              'direction',
              'justify',
              'wrap',
              'trigger',
              'theme',
              'orientation',
              'lang',
              'pattern',
              'inputMode',
              'accept',
              'op',
              'page',
              'button',
              'entity',
              'action',
              'field',
              'i18nKey',
              'k',
            ],
          },
          'object-properties': {
            include: [
              'title',
              'label',
              'placeholder',
              'okText',
              'cancelText',
              'description',
              'message',
              'tooltip',
              'content',
              'extra',
              'emptyText',
              'text',
              'help',
              'alt',
              'aria-label',
              'caption',
              'header',
              'subTitle',
            ],
          },
          callees: {
            exclude: [
              't',
              'i18n(ext)?',
              'require',
              'call',
              'useQuery',
              'useMutation',
              'navigate',
              'format',
              'dayjs',
              'startsWith',
              'endsWith',
              'includes',
              'indexOf',
              'addEventListener',
              'removeEventListener',
              'get',
              'set',
              'has',
              'getItem',
              'setItem',
              'removeItem',
              'querySelector',
              'split',
              'join',
              'replace',
              'match',
              'test',
              'Error',
              'console\\..*',
              'z\\..*',
              'useCan',
              'can',
              'successText',
              'failToast',
              'toast.success',
              'toast.syncSuccess',
            ],
          },
          words: {
            exclude: [
              // camelCase identifiers (query areas, keys) are never user text
              '[a-z]+([A-Z][a-z0-9]*)+',
              '[^A-Z\\s]*',
              '[^a-z]*',
              '[0-9!-/:-@[-`{-~\\s]+',
              '/.*',
              '[a-z][\\w]*(\\.[\\w-]+)+',
            ],
          },
        },
      ],
    },
  },
);
