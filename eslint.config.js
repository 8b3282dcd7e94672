// @ts-check
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';

export default defineConfig(
  {
    ignores: [
      'dist/',
      '.astro/',
      '.netlify/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      '.stryker-tmp/',
      'reports/',
    ],
  },
  tseslint.configs.recommended,
  astro.configs.recommended,
  {
    files: ['src/islands/**/*.{ts,tsx}', 'src/admin/**/*.{ts,tsx}'],
    // The plugin's own types lag ESLint 10's; its runtime shape is a flat-config plugin.
    plugins: {
      'react-hooks': /** @type {import('eslint').ESLint.Plugin} */ (
        /** @type {unknown} */ (reactHooks)
      ),
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
);
