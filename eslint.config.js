// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import testingLibrary from 'eslint-plugin-testing-library';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import hardlineTests from './scripts/test/eslint-menu-clicks.js';
import { noFixedSleeps, noFocusedOrSkippedTests, noRacingMenuClicks, noShortWaits } from './scripts/test/eslint-test-rules.js';

/** `no-restricted-syntax` entries are replaced (not merged) per file block, so they are composed here. */
const noDangerousHtml = [
  {
    selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
    message: 'dangerouslySetInnerHTML is forbidden: render text, or sanitised markdown through components.',
  },
  {
    selector: "Property[key.name='dangerouslySetInnerHTML']",
    message: 'dangerouslySetInnerHTML is forbidden: render text, or sanitised markdown through components.',
  },
];
/** Views read a machine through its selectors and tags (src/machines/<flow>/selectors.ts), never its state names. */
const noStateNamesInViews = [
  {
    selector: "CallExpression > MemberExpression.callee[property.name='matches']",
    message: "Views do not read state names: use the machine's selector (src/machines/<flow>/selectors.ts) or a tag.",
  },
  {
    selector: "MemberExpression[object.name=/^(s|state|snapshot)$/][property.name='value']",
    message: "Views do not read state names: use the machine's selector (src/machines/<flow>/selectors.ts) or a tag.",
  },
];
/** Views call a machine's named intents (src/machines/<flow>/intents.ts); the events are built there. */
const noEventsInViews = [
  {
    selector: "CallExpression[callee.property.name='send']",
    message: "Views do not send events: call the machine's intents (src/machines/<flow>/intents.ts) through useIntents.",
  },
];
const noViews = {
  group: ['**/views', '**/views/**', 'src/views/**'],
  message: 'Machines (and everything below them) must not import views.',
};

const banned = (/** @type {string} */ name, /** @type {string} */ message) => ({ name, message, allowTypeImports: true });

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'reports/**',
      '.data/**',
      '.tmp/**',
      'node_modules/**',
      'docs/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
      // Stryker's sandboxes (npm run test:mutation), copies of the repo while a run lasts.
      '.stryker-tmp*/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Type-aware, lite: the two promise rules that catch real bugs (a promise nobody awaits or
    // handles), on the product code only. Type information is the expensive part of linting
    // (measured: no-misused-promises alone ~60% of the time; tests and scripts double the typed
    // file count), so tests and scripts get the syntactic rules only and `npm run test:lint`
    // stays under a minute on 2 cores. `npm run test:types` type-checks everything anyway.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-restricted-syntax': ['error', ...noDangerousHtml],
    },
  },
  {
    // No import cycles: a cycle makes load order matter and hides which module depends on which.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'scripts/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['tests/views/**/*.{ts,tsx}', 'tests/machines/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error' },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.ts', 'tests/**/*.{ts,tsx}', '*.config.{ts,js}', 'eslint.config.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['tests/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: { 'no-restricted-syntax': ['error', ...noDangerousHtml, ...noFocusedOrSkippedTests, ...noFixedSleeps, ...noShortWaits] },
  },
  {
    // In jsdom a pointer click on a menu item can land on an item the opening menu has already
    // replaced, and choose nothing: the jsdom suites choose by keyboard (tests/support/menus.ts).
    // The browser suite has its own rule (noRacingMenuClicks, tests/support/e2e/menus.ts).
    files: ['tests/**/*.{ts,tsx}'],
    ignores: ['tests/e2e/**', 'tests/support/e2e/**'],
    plugins: { 'hardline-tests': hardlineTests },
    rules: { 'hardline-tests/no-pointer-menu-clicks': 'error' },
  },
  {
    // Tests that cannot flake: an assertion about the screen waits for it (findBy…, waitFor), every
    // user-event and async query is awaited, waitFor holds assertions only, and tests read the page
    // as a person does (roles, labels, text), not through DOM nodes.
    files: ['tests/views/**/*.{ts,tsx}', 'tests/machines/**/*.{ts,tsx}', 'tests/unit/**/*.tsx'],
    ...testingLibrary.configs['flat/react'],
    // The project's render helpers (the plugin then stops treating every `render…` call as one).
    settings: {
      'testing-library/custom-renders': [
        'renderActivity',
        'renderAddUser',
        'renderAssistant',
        'renderDashboard',
        'renderEditUser',
        'renderPlain',
        'renderTwoFactorDialog',
        'renderUsers',
        'renderWithMachines',
      ],
    },
    rules: {
      ...testingLibrary.configs['flat/react'].rules,
      // Naming style only: the helpers return their own objects, not the render result.
      'testing-library/render-result-naming-convention': 'off',
      'testing-library/prefer-find-by': 'error',
      'testing-library/await-async-events': ['error', { eventModule: 'userEvent' }],
      'testing-library/no-wait-for-side-effects': 'error',
      'testing-library/no-node-access': 'error',
    },
  },
  {
    // The faster getComputedStyle of tests/support/setup.ts is held to jsdom's own answers on every
    // element of real screens: walking the document's nodes is what this test is for.
    files: ['tests/unit/computed-style.test.tsx'],
    rules: { 'testing-library/no-node-access': 'off' },
  },
  {
    // Playwright fixtures must destructure their first argument, even when they use no fixture.
    files: ['tests/e2e/**/*.ts', 'tests/support/e2e/**/*.ts'],
    rules: {
      'no-empty-pattern': 'off',
      'no-restricted-syntax': ['error', ...noDangerousHtml, ...noFocusedOrSkippedTests, ...noFixedSleeps, ...noRacingMenuClicks],
    },
  },
  {
    // Views are thin: no HTTP client, identity SDK or Stripe.js, and services only as types.
    files: ['src/views/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', ...noDangerousHtml, ...noStateNamesInViews, ...noEventsInViews],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            banned('ky', 'Views do not make HTTP calls: send an event to a machine.'),
            banned('amazon-cognito-identity-js', 'Only src/services/identity talks to Cognito.'),
            banned('@stripe/stripe-js', 'Stripe.js is loaded by src/services/payments; views use @stripe/react-stripe-js components.'),
          ],
          patterns: [
            {
              group: ['@stripe/stripe-js/*', 'amazon-cognito-identity-js/*', 'ky/*'],
              allowTypeImports: true,
              message: 'Views do not import SDKs: go through a machine.',
            },
            {
              group: ['**/services', '**/services/**', '/src/services/**', 'src/services/**'],
              allowTypeImports: true,
              message: 'Views reach services through machines; `import type` is allowed.',
            },
          ],
        },
      ],
    },
  },
  {
    // Nothing below the views imports them.
    files: ['src/machines/**/*.{ts,tsx}', 'src/services/**/*.{ts,tsx}', 'src/domain/**/*.{ts,tsx}', 'src/contract/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [noViews] }],
    },
  },
  {
    // Machines import service types only; a flow's implementations.ts (and the registry that
    // gathers them) is the one place a machine folder touches a service value. The API contract
    // (src/contract) and the domain rules are neutral: anyone may import their values.
    files: ['src/machines/**/*.{ts,tsx}'],
    ignores: ['src/machines/**/implementations.ts', 'src/machines/registry.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            noViews,
            {
              group: ['**/services', '**/services/**', 'src/services/**'],
              allowTypeImports: true,
              message: 'Machines import service types only (`import type`); values come in through implementations.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // The contract and the domain stand alone: no services, machines or views.
    files: ['src/contract/**/*.ts', 'src/domain/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/services', '**/services/**', '**/machines', '**/machines/**', '**/views', '**/views/**'],
              message: 'src/contract and src/domain are neutral: they import nothing from services, machines or views.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);
