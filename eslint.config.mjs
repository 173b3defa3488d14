// Lint rules for the whole workspace: typescript-eslint's recommended set, React hooks rules for
// the frontends, no console in services, and no imports across remotes or services.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      'e2e/artifacts/**',
      '**/db/migrations/**',
      'pacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['shell/**/*.{ts,tsx}', 'mfe-*/**/*.{ts,tsx}', 'packages/ui/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['services/**/*.ts', 'packages/service-kit/**/*.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    files: ['mfe-*/**/*.{ts,tsx}', 'shell/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/mfe-*/**', '../../shell/**', '**/services/**'],
              message: 'Share through packages/ instead.',
            },
          ],
        },
      ],
    },
  },
  {
    // A remote owns its endpoints: its fetchers sit on the session's request function, never on
    // the shell's client (the shell's copy at run time would lack the remote's newer endpoints).
    files: ['mfe-*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.tsx', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@teamapp/ui',
              importNames: ['useApi'],
              message: 'Use useRequest() and a fetcher in your feature api/ file.',
            },
            {
              name: '@teamapp/api-client',
              importNames: ['createApiClient', 'ApiClient'],
              message: 'Use useRequest() and a fetcher in your feature api/ file.',
            },
          ],
          patterns: [
            {
              group: ['**/mfe-*/**', '../../shell/**', '**/services/**'],
              message: 'Share through packages/ instead.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['services/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/services/*/src/**', '../../*/src/**'],
              message: 'Services talk through APIs and queues, not imports.',
            },
          ],
        },
      ],
    },
  },
);
