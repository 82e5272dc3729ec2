import { readdirSync, readFileSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The folders of `dir` (from the repository root): its features, read so none is left out. */
const foldersOf = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const webFeatures = foldersOf('apps/web/src/features');

/**
 * The redemption modes, read from the methods' contracts (`packages/contracts/src/methods/`, one
 * `mode: '...'` each) so a method added there is known here too.
 */
function contractModes() {
  const folder = new URL('packages/contracts/src/methods/', import.meta.url);
  const modes = readdirSync(folder)
    .filter((file) => file.endsWith('.ts'))
    .flatMap((file) => [
      ...readFileSync(new URL(file, folder), 'utf8').matchAll(/^\s*mode: '([^']+)',$/gm),
    ])
    .map((match) => match[1]);
  if (modes.length === 0) throw new Error('No mode found in packages/contracts/src/methods/');
  return modes;
}

/** The redemption modes, as a selector's pattern for a literal naming one. */
const modePattern = `/^(${contractModes().join('|')})$/`;

/**
 * A method's own screens and destination folders: they are its entry's to reach, and may say
 * which method they belong to. Each method's folder under apps/web/src/app/methods holds its
 * entry, screens and destination; the few app/routes files listed belong to one method but are
 * shown by shared screens (the home screen, the activity lists, the app's routes).
 */
const methodOwnWebFiles = [
  'apps/web/src/features/{bank,cards,fancash,giftcards,prepaid,brands}/**',
  'apps/web/src/features/redeem/giftcard/**',
  'apps/web/src/app/methods/*/**',
  'apps/web/src/app/routes/{home-offers-card,prepaid-card-action,visa-prepaid-card-history-screen}.tsx',
];

const apiFeaturesDir = 'apps/api/src/features';
const apiFeatures = foldersOf(apiFeaturesDir);

/**
 * The files of each API feature that other features (and the demo seeding in src/db) may import:
 * its public services. Everything else in a feature is its own business and can change without
 * looking outside it. A feature not listed exposes nothing.
 */
const apiPublicFiles = {
  account: ['withdrawals-pause.ts'],
  analytics: ['server-analytics.ts'],
  auth: ['addresses.ts', 'audit.ts', 'otp-service.ts', 'users.ts'],
  banks: ['ach-submission.ts', 'bank-accounts.ts', 'bank-vault.ts', 'sandbox-bank-link-routes.ts'],
  bonuses: ['welcome-bonus.ts'],
  cards: ['card-vault.ts', 'cards.ts'],
  fancash: ['fancash-credits.ts'],
  files: ['file-store.ts'],
  giftcards: ['brands.ts', 'giftcard-definition.ts', 'giftcard-purchases.ts'],
  ledger: ['ledger.ts', 'statement.ts'],
  merchants: ['merchant-keys.ts'],
  payouts: [
    'method-definition.ts',
    'payout-events.ts',
    'provider-follow.ts',
    'redemption-method.ts',
  ],
  'prepaid-cards': ['prepaid-card-issuing.ts'],
  refunds: ['claim-refund.ts', 'lapsed-holds.ts', 'merchant-refunds.ts'],
  spotlights: ['spotlights.ts'],
  webhooks: ['webhook-events.ts'],
};

/** A zone keeping `target` out of every file of `feature` but its public ones. */
function apiFeatureInternals(target, feature) {
  const exposed = apiPublicFiles[feature] ?? [];
  return {
    target,
    from: `./${apiFeaturesDir}/${feature}`,
    except: exposed.map((file) => `./${file}`),
    message: exposed.length
      ? `Use ${feature} through its public files only: ${exposed.join(', ')} (apiPublicFiles in eslint.config.js).`
      : `${feature} exposes nothing to the rest of the API (apiPublicFiles in eslint.config.js).`,
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/api/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      // TypeScript files are parsed and followed, so rules that read other modules (no-cycle,
      // no-restricted-paths) see the real import graph; each package resolves through its own
      // tsconfig.json, workspace packages through their package.json exports.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'],
          conditionNames: ['types', 'import', 'default'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Packages from node_modules cannot import ours back: not following them halves the rule's
      // time (16.8 s to 8.4 s) and finds the same cycles.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-console': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // A feature never imports another feature; the app layer composes them.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
            })),
            { target: './apps/web/src/features', from: './apps/web/src/app' },
            {
              target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/config'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
            },
          ],
        },
      ],
    },
  },
  {
    // Shared web code asks a redemption method's registry entry (apps/web/src/app/methods) what
    // to show, never compares modes or destination kinds: a branch here would send a new method
    // down another method's path (ADR 0014). A method's own screens and folders may.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/app/methods/**', ...methodOwnWebFiles],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `SwitchStatement[discriminant.name='mode'], SwitchStatement[discriminant.property.name='mode'], SwitchStatement[discriminant.object.name='destination'][discriminant.property.name='kind'], SwitchStatement[discriminant.object.property.name='destination'][discriminant.property.name='kind']`,
          message:
            'Ask the method registry (apps/web/src/app/methods) instead of switching on a mode.',
        },
        {
          selector: `BinaryExpression[operator=/^[!=]==?$/]:matches([left.name='mode'], [left.property.name='mode'], [right.name='mode'], [right.property.name='mode']):matches([left.value=${modePattern}], [right.value=${modePattern}])`,
          message: 'Ask the method registry (apps/web/src/app/methods) instead of comparing modes.',
        },
        {
          selector: `BinaryExpression[operator=/^[!=]==?$/]:matches([left.object.name='destination'], [left.object.property.name='destination'])[left.property.name='kind']`,
          message:
            "Ask the transaction's method (apps/web/src/app/methods) instead of comparing destination kinds.",
        },
        {
          selector: `ArrayExpression:has(> Literal[value=${modePattern}])`,
          message: 'A list of modes decides for methods: say it in their registry entries instead.',
        },
      ],
    },
  },
  {
    files: ['apps/api/**/*.ts'],
    rules: {
      // Payouts use bank accounts; banks never reach back into payouts (what a bank rail needs
      // from them is passed in), so the two features do not depend on each other in a circle.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // A feature uses another only through its public files.
            ...apiFeatures.flatMap((feature) =>
              apiFeatures
                .filter((other) => other !== feature)
                .map((other) => apiFeatureInternals(`./${apiFeaturesDir}/${feature}`, other)),
            ),
            ...apiFeatures.map((feature) => apiFeatureInternals('./apps/api/src/db', feature)),
            {
              target: './apps/api/src/features/banks',
              from: './apps/api/src/features/payouts',
              message: 'Pass what banks need from payouts in as a function.',
            },
          ],
        },
      ],
    },
  },
  {
    // Services are called from routes, jobs and commands; how a refusal travels over HTTP is the
    // HTTP layer's choice, so they throw DomainError and only routes may use AppError.
    files: [
      'apps/api/src/features/**/*.ts',
      'apps/api/src/domain/**/*.ts',
      'apps/api/src/db/**/*.ts',
    ],
    ignores: ['apps/api/src/features/**/*-routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/http/app-error'],
              message: 'Services throw DomainError (src/domain/domain-error.ts); routes map it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'e2e/**', '**/bench/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Every browser test fails on a Content-Security-Policy violation: its `test` watches for them.
    files: ['e2e/tests/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              message:
                'Import test and expect from e2e/tests/support/test.ts, whose test fails on any Content-Security-Policy violation.',
            },
          ],
        },
      ],
    },
  },
);
