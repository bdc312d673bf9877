import js from '@eslint/js';
import pluginRouter from '@tanstack/eslint-plugin-router';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

/** A layer's wall: its files may import none of `groups`, with `message` as the sign on it. */
const wall = (files, groups, message, more = []) => [
  { files: [files], rules: { 'no-restricted-imports': ['error', { patterns: [{ group: groups, message }, ...more] }] } },
];

/**
 * The feature rooms (each folder of server/features/) and their public faces: from outside a
 * feature, its port.ts is the one module to import (its index.ts is for the composition only).
 */
const featureNames = readdirSync(new URL('./server/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const throughPorts = (prefix) => ({
  group: [...featureNames.map((name) => `${prefix}${name}/*`), `!${prefix}*/port`],
  message: "another feature is reached through its port.ts only (its public face); what it keeps private stays so: export it from that feature's port if others need it.",
});

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
              group: ['**/src/**', '**/server/**', '**/codegen/**', 'react', 'react/*', 'react-dom', 'react-dom/*'],
              message: 'schema/ is below src/, server/ and codegen/: move the rule here (schema/rules/) instead of importing it from above.',
            },
          ],
        },
      ],
    },
  },
  {
    // No import circles: a circle makes two modules one, whatever the folders say. The only one
    // left is TanStack's generated route tree, which its route files and the router share.
    files: ['**/*.{ts,tsx}'],
    ignores: ['src/routeTree.gen.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  ...wall('server/platform/**/*.ts', ['**/engine/**', '**/features/**', '**/seed', '**/seed/**', '**/dev/**', '**/server/app', '**/server/features', '../app', '../features', '**/src/**'],
    'server/platform/ is the bottom of the server (config, database, HTTP, errors, outside ports): it imports no engine, feature or seed; declare a port here and let the composition root (server/app.ts) hand it in.'),
  ...wall('server/engine/**/*.ts', ['**/features/**', '**/seed', '**/seed/**', '**/dev/**', '../app', '../features', '**/src/**'],
    'server/engine/ imports no feature: a feature plugs its behaviour in through server/engine/behaviours.ts at the composition root (server/features/index.ts).'),
  ...wall('server/features/**/*.ts', ['**/seed', '**/seed/**', '**/dev/**', '**/server/app', '../../app', '../index', '**/src/**', '!**/src/entry-server'],
    'a feature may use the platform, the engine, the shared rules and other features; not the seed, the trial, the composition root, or the browser code (src/) other than the server-render entry.',
    [throughPorts('../')]),
  { files: ['server/*.ts', 'server/seed/**/*.ts', 'server/dev/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [throughPorts('**/features/')] }] } },
  ...wall('codegen/**/*.ts', ['**/server/**', '**/src/**'],
    'codegen/ reads the schemas and writes the contract and the tables; it imports neither server/ nor src/ (what both need of it lives here, e.g. codegen/migrationOrder.ts).'),
  {
    // The same walls for import() (no-restricted-imports sees only static imports): a module
    // loaded on demand crosses a wall as surely as one imported at the top.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './schema', from: ['./src', './server', './codegen'], message: 'schema/ imports only itself.' },
            { target: './codegen', from: ['./src', './server'], message: 'codegen/ imports neither server/ nor src/.' },
            { target: './src', from: './server', message: 'src/ runs in the browser: it imports nothing from server/.' },
            { target: './server/platform', from: ['./server/engine', './server/features', './server/seed', './server/dev'], message: 'server/platform/ is the bottom of the server.' },
            { target: './server/engine', from: ['./server/features', './server/seed', './server/dev'], message: 'server/engine/ imports no feature.' },
          ],
        },
      ],
    },
  },
  {
    // A hand-written file holds one idea: past 400 lines it is two (generated files are exempt).
    files: ['{src,server,schema,codegen,scripts,tests}/**/*.{ts,tsx}'],
    ignores: ['**/*.gen.ts', 'src/routeTree.gen.ts'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  ...wall('src/**/*.{ts,tsx}', ['**/server/**'],
    'src/ runs in the browser: it imports nothing from server/; a rule both need lives in schema/rules/.'),
  // The browser code's floors, one way: lib/ and api/ (helpers, the typed client) → machines/ (the
  // lifecycles) → components/ → islands/ and routes/ (the entries). A floor imports only those below.
  ...wall('src/{lib,api}/**/*.{ts,tsx}', ['**/machines/**', '**/components/**', '**/islands/**', '**/routes/**', '**/router'],
    "src/lib/ and src/api/ are the browser's ground floor: helpers and the typed client import no machine, component, island or route.",
    [{ group: ['**/server/**'], message: 'src/ runs in the browser: it imports nothing from server/.' }]),
  ...wall('src/machines/**/*.{ts,tsx}', ['**/components/**', '**/islands/**', '**/routes/**', '**/router'],
    "src/machines/ sits below the components that drive them: what both need (texts, a selection's type) lives in the machines' folder.",
    [{ group: ['**/server/**'], message: 'src/ runs in the browser: it imports nothing from server/.' }]),
  ...wall('src/components/**/*.{ts,tsx}', ['**/routes/**', '**/router', '**/islands/*', '!**/islands/Island'],
    'src/components/ sits below the routes and the islands: a component may wrap itself in an Island, nothing else of islands/ or routes/.',
    [{ group: ['**/server/**'], message: 'src/ runs in the browser: it imports nothing from server/.' }]),
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
