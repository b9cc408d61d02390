// Lint rules: typescript-eslint's recommended set, plus the project's rule that no
// public signature uses `any`.
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // Generated modules are not linted: nobody edits them, their generator is linted, and a
  // test fails when they differ from what it writes. They are a third of what eslint parses.
  { ignores: ['dist/**', 'docs/**', 'coverage/**', 'node_modules/**', '.tmp/**', 'src/generated/**'] },
  eslint.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        URLSearchParams: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        AbortSignal: 'readonly',
        AbortController: 'readonly',
        TextDecoder: 'readonly',
        TextEncoder: 'readonly',
        setImmediate: 'readonly',
        structuredClone: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'max-len': ['error', { code: 120, ignoreUrls: false }],
    },
  },
  {
    // The scenario of `npm run test:runtimes` also runs in a page, a worker and Deno.
    files: ['scripts/runtimes/**', 'examples/browser-*/**'],
    languageOptions: {
      globals: {
        window: 'readonly',
        location: 'readonly',
        document: 'readonly',
        sessionStorage: 'readonly',
        btoa: 'readonly',
        crypto: 'readonly',
        fetch: 'readonly',
        Response: 'readonly',
        Deno: 'readonly',
      },
    },
  },
  {
    // jest loads a custom runtime with require(): CommonJS.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
