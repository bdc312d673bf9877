import js from '@eslint/js';
import pluginRouter from '@tanstack/eslint-plugin-router';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'dist-server/', 'dist-ssr/', 'data/', 'node_modules/', 'codegen/openapi.gen.ts', 'src/routeTree.gen.ts', '.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginRouter.configs['flat/recommended'],
  reactHooks.configs.flat.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-control-regex': 'off',
    },
  },
  {
    // The shared layer (entity schemas and the pure rules both sides use) sits below the browser
    // and the server: it imports neither, nor React, so the server can load it and a rule lives once.
    files: ['schema/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/**', '**/server/**', 'react', 'react/*', 'react-dom', 'react-dom/*'],
              message: 'schema/ is below src/ and server/: move the rule here (schema/rules/) instead of importing it from above.',
            },
          ],
        },
      ],
    },
  },
  {
    // A person's name has one rule (schema/validators.ts: personName, personNames, nameMaxLength);
    // a form or a route that writes its own «نام» check would drift from it.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'schema/**/*.ts'],
    ignores: ['schema/validators.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='requiredText'] > Literal.arguments:first-child[value=/^نام/]",
          message: 'A name follows the one name rule: use personName or personNames from schema/validators.ts.',
        },
      ],
    },
  },
);
