import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// The reference server's folders import one way (DESIGN.md, "The reference server"):
// core → db, http, search → access → fhir → auth → ws → fhircast; seed is demo data that
// only the composition roots (app.ts, seed-cli.ts) and tests import. A wrong arrow fails lint.
const SERVER_LAYERS = {
  core: [],
  db: ['core'],
  http: ['core'],
  search: ['core', 'db'],
  access: ['core', 'db', 'search'],
  fhir: ['core', 'db', 'http', 'search', 'access', 'context'],
  auth: ['core', 'db', 'http', 'search', 'access', 'fhir', 'context'],
  ws: ['core', 'db', 'http', 'search', 'access', 'fhir', 'context', 'auth'],
  fhircast: ['core', 'db', 'http', 'search', 'access', 'fhir', 'context', 'auth', 'ws'],
  seed: ['core', 'db', 'search', 'access', 'fhir', 'context', 'auth'],
  policy: ['core', 'db', 'http', 'search', 'access', 'fhir', 'context'],
  schema: ['core', 'db', 'http', 'search', 'access', 'fhir', 'context'],
  ccda: ['core', 'http'],
};
const SERVER_TARGETS = [...Object.keys(SERVER_LAYERS), 'context', 'app', 'main', 'seed-cli'];
const serverImportRules = Object.entries(SERVER_LAYERS).map(([folder, allowed]) => {
  const forbidden = SERVER_TARGETS.filter((t) => t !== folder && !allowed.includes(t));
  return {
    files: [`demo/server/${folder}/**/*.ts`],
    ignores: ['demo/server/**/*.test.ts', 'demo/server/**/test-*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(${forbidden.join('|')})(/|$)`,
              message: `demo/server/${folder} may import only ${allowed.join(', ') || 'src/fhir'} (DESIGN.md: the reference server's folders import one way).`,
            },
            {
              regex: '^(\\.\\./)+src/(react|client|questionnaire|scheduler)(/|$)',
              message: 'The server may reuse src/fhir only.',
            },
          ],
        },
      ],
    },
  };
});
// The library's layers (DESIGN.md, 'Layers and folders'): each src/ folder imports only the
// folders above it, never demo/, and only src/react imports React.
const layer = (folder, forbidden) => ({
  files: [`src/${folder}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths:
          folder === 'react'
            ? []
            : ['react', 'react-dom', 'react/jsx-runtime'].map((name) => ({
                name,
                message: `src/${folder} must not import React; only src/react does.`,
              })),
        patterns: [
          {
            regex: `^(?:\\.\\./)+(?:${[...forbidden, 'demo'].join('|')})(?:/|$)`,
            message: `src/${folder} may not import this layer (DESIGN.md, 'Layers and folders').`,
          },
        ],
      },
    ],
  },
});
const libraryLayers = [
  layer('fhir', ['client', 'questionnaire', 'scheduler', 'react']),
  layer('client', ['questionnaire', 'scheduler', 'react']),
  layer('questionnaire', ['client', 'scheduler', 'react']),
  layer('scheduler', ['client', 'questionnaire', 'react']),
  layer('react', []),
];

export default tseslint.config(
  { ignores: ['dist', 'storybook-static', 'docs-dist', 'node_modules', '.data', 'demo/app/dist', 'coverage', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  ...libraryLayers,
  {
    files: ['src/react/**/*.{ts,tsx}', 'stories/**/*.{ts,tsx}', 'demo/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  ...serverImportRules,
  {
    // Product code never imports the demo data; the composition roots and tests may.
    files: ['demo/server/*.ts'],
    ignores: ['demo/server/app.ts', 'demo/server/seed-cli.ts', 'demo/server/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\./seed(/|$)', message: 'Product code never imports seed data.' }] },
      ],
    },
  }
);
