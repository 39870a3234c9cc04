import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'cdk.out/', '.crawl-local/', 'coverage/', '.build/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  {
    // Every part of the service and its tools reads as its steps: each function one step, at most
    // 80 lines (a declarative table may be data rather than a function).
    files: ['lib/**/*.ts', 'local/**/*.ts', 'lambdas/**/*.ts', 'client/**/*.ts', 'cli/**/*.ts', 'mcp/**/*.ts', 'launch/**/*.mjs', 'scripts/**/*.ts', 'web/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
);
