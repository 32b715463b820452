// One lint config for the workspace. The import-direction rules of the architecture live here so
// that a wrong import fails `pnpm lint`, not just a code review.
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const remotes = ['mf-patients', 'mf-documents', 'mf-reports', 'mf-transcription', 'mf-admin'];

const sharedInternals = {
  group: ['@ewrt/shared/*', '!@ewrt/shared/testing', '!@ewrt/shared/kit', '**/shared/src/**', '../shared/**', '../../shared/**'],
  message: 'Import shared through its public entries (@ewrt/shared, @ewrt/shared/kit or @ewrt/shared/testing).',
};
const anyRemote = {
  group: ['@ewrt/mf-*', ...remotes.map((r) => `**/${r}/**`)],
  message:
    'Apps never import a remote: link to its area by URL, the host knows remotes only through the runtime configuration.',
};
// The router is shared as react-router-dom's declarative API (tooling/reactRouterDeclarative.mjs); importing
// 'react-router' itself would load a second, unshared router with contexts the other apps do not see.
const routerPackage = {
  group: ['react-router', 'react-router/*'],
  message: "Import the router from 'react-router-dom' (the suite's shared declarative API).",
};
const hostCode = { group: ['@ewrt/host', '**/host/src/**'], message: 'Nothing imports the host.' };
const serverCode = {
  group: ['@ewrt/server', '**/server/src/**'],
  message: 'Front ends talk to the server over HTTP only.',
};
// The server speaks the API through @ewrt/contract; it imports nothing of shared or the apps, not even types.
const serverImportRules = [
  {
    group: ['@ewrt/shared', '@ewrt/shared/*', '**/shared/src/**', '../../shared/**', '../shared/**'],
    message: 'The server never imports shared: API shapes and limits come from @ewrt/contract.',
  },
  anyRemote,
  hostCode,
];

// A server feature's repositories are its own: another feature reads its data through what it exports for that
// (a service, or a function named for the question it answers), so each table has one feature that owns its SQL.
const serverFeaturesDir = path.join(import.meta.dirname, 'server', 'src', 'features');
const featureOf = (file) => {
  const relative = path.relative(serverFeaturesDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const parts = relative.split(path.sep);
  return parts.length > 1 ? parts[0] : null;
};
const serverFeatureBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      repository:
        "'{{target}}' is the {{owner}} feature's repository: use what {{owner}} exports (a service or a named query).",
    },
    schema: [],
  },
  create(context) {
    const own = featureOf(context.filename);
    if (!own) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), source);
      const owner = featureOf(target);
      if (owner && owner !== own && /Repository$/.test(path.basename(target).replace(/\.[cm]?[jt]s$/, ''))) {
        context.report({ node: node.source, messageId: 'repository', data: { target: source, owner } });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      '.data/**',
      '**/.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['warn', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // CommonJS config files (jest, webpack) load their dependencies with require().
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['host/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}', ...remotes.map((r) => `${r}/**/*.{ts,tsx}`)],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'react/no-danger': 'off',
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Render server and AI text as text.',
        },
      ],
    },
  },
  {
    files: remotes.map((r) => `${r}/**/*.{ts,tsx,js,mjs}`),
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [sharedInternals, hostCode, serverCode, routerPackage] },
      ],
    },
  },
  // A remote may not reach into a sibling remote: each remote folder forbids every other one.
  ...remotes.map((self) => ({
    files: [`${self}/**/*.{ts,tsx,js,mjs}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            sharedInternals,
            hostCode,
            serverCode,
            routerPackage,
            {
              group: ['@ewrt/mf-*', ...remotes.filter((r) => r !== self).map((r) => `**/${r}/**`)],
              message: anyRemote.message,
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['host/**/*.{ts,tsx,js,mjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [sharedInternals, anyRemote, serverCode, routerPackage] },
      ],
    },
  },
  {
    files: ['shared/**/*.{ts,tsx,js,mjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            anyRemote,
            hostCode,
            serverCode,
            routerPackage,
            { group: ['@ewrt/shared', '@ewrt/shared/*'], message: 'Inside shared, use relative imports.' },
          ],
        },
      ],
    },
  },
  {
    // The kit is bundled into each app: shared state (the API client, the session) must come from the singleton.
    files: ['shared/src/kit/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            anyRemote,
            hostCode,
            serverCode,
            routerPackage,
            { group: ['../*'], message: 'The kit takes shared state from @ewrt/shared, the singleton.' },
          ],
        },
      ],
    },
  },
  {
    // Browser bundles take only types from the contract (its schemas would bring TypeBox along); run-time
    // values come from '@ewrt/contract/limits' and '@ewrt/contract/callRoutes', which import nothing at run time.
    files: ['host/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}', ...remotes.map((r) => `${r}/**/*.{ts,tsx}`)],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@ewrt/contract',
              allowTypeImports: true,
              message: "Import types only from @ewrt/contract; values from '@ewrt/contract/limits' and '/callRoutes'.",
            },
          ],
          patterns: [
            {
              group: ['@ewrt/contract/*', '!@ewrt/contract/limits', '!@ewrt/contract/callRoutes'],
              message: "Import types only from @ewrt/contract; values from '@ewrt/contract/limits' and '/callRoutes'.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: serverImportRules }],
    },
  },
  {
    // Features get their services passed in, or from a lower module (context/, http/, db/, platform/), never from app/.
    files: ['server/src/features/**/*.ts'],
    plugins: { server: { rules: { 'feature-boundaries': serverFeatureBoundaries } } },
    rules: {
      'server/feature-boundaries': 'error',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            ...serverImportRules,
            {
              group: ['**/app/**', '../../app/*', '../app/*'],
              message: 'A feature never imports from app/: take what it needs as a parameter.',
            },
          ],
        },
      ],
    },
  },
);
