import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// The reference server's folders import one way (DESIGN.md, "The reference server"). Layers in
// order; a folder (or top-level file) may import only the layers before its own, never a sibling
// in its layer, so the import graph between them cannot hold a cycle and a wrong arrow fails
// lint. seed/ is demo data: only the composition roots (app.ts, seed-cli.ts) and tests import it.
// scripts/server-folders.mjs checks the same on the real import graph.
const SERVER_LAYER_ORDER = [
  ['core'], // errors, resource-type tables, JSON text, RequestAuth and SYSTEM, account record shapes
  ['db', 'http'], // the database (and single-use spends); the canonical path, the listener and router
  ['search', 'startup-errors'], // search parameters, parsing, index extraction, SQL
  ['access'], // the one access decision: who may read and write what, and the caller of a membership
  ['store'], // Repository: storage and versions, index writer, binary store, search execution
  ['context'], // ServerContext
  // The transports and what they serve, side by side so none leans on another: the FHIR REST
  // routes, the login protocol and tokens, the schema answers, the C-CDA validator, websocket
  // subscriptions and change events across processes.
  ['fhir', 'auth', 'schema', 'ccda', 'ws', 'live-bus'],
  ['fhircast'], // the FHIRcast hub (its sockets and events ride on ws/ and live-bus)
  ['seed'],
  ['app', 'seed-cli', 'console-log'],
  ['main'],
];
const SERVER_PARTS = SERVER_LAYER_ORDER.flat();
const serverPath = (part) =>
  ['context', 'live-bus', 'app', 'seed-cli', 'main', 'startup-errors', 'console-log'].includes(part)
    ? `demo/server/${part}.ts`
    : `demo/server/${part}/**/*.ts`;
const serverImportRules = SERVER_LAYER_ORDER.flatMap((layer, i) => {
  const allowed = SERVER_LAYER_ORDER.slice(0, i).flat();
  return layer.map((part) => {
    const forbidden = SERVER_PARTS.filter((t) => t !== part && !allowed.includes(t));
    // From a folder imports start with '../'; from a top-level file with './'.
    const up = serverPath(part).endsWith('/**/*.ts') ? '(\\.\\./)+' : '\\./';
    return {
      files: [serverPath(part)],
      ignores: ['demo/server/**/*.test.ts', 'demo/server/test/**', 'demo/server/security/**'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              ...(forbidden.length
                ? [
                    {
                      regex: `^${up}(${forbidden.join('|')})(/|\\.ts$|$)`,
                      message: `demo/server/${part} may import only ${allowed.join(', ') || 'src/fhir'} (eslint.config.js, SERVER_LAYER_ORDER: the reference server's folders import one way).`,
                    },
                  ]
                : []),
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

// Component families (DESIGN.md, 'Conventions'): a family under src/react/ reaches another only
// through that family's public index or through the shared plumbing in src/react/primitives/,
// never into its files. This rule replaces the react layer's for these files, so it repeats the
// layer's ban on demo/.
const componentFamilies = [
  'auth',
  'chat',
  'display',
  'errors',
  'inputs',
  'medplum-compat',
  'notifications',
  'questionnaire',
  'scheduler',
];
const familyRules = componentFamilies.flatMap((family) => {
  const others = componentFamilies.filter((other) => other !== family).join('|');
  const rule = (files, up) => ({
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?:\\.\\./)+demo(?:/|$)',
              message: `src/react may not import this layer (DESIGN.md, 'Layers and folders').`,
            },
            {
              regex: `^${up}(?:${others})/`,
              message: `A component family imports another only through its index or src/react/primitives/ (DESIGN.md, 'Conventions').`,
            },
          ],
        },
      ],
    },
  });
  // A file's depth decides how many '../' reach src/react/ (families are at most two folders deep).
  return [
    rule([`src/react/${family}/*.{ts,tsx}`], '\\.\\./'),
    rule([`src/react/${family}/*/**/*.{ts,tsx}`], '\\.\\./\\.\\./'),
  ];
});

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
  ...familyRules,
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
    // Server code is typed: an `any` is a deliberate boundary, marked with a disable comment
    // that says why. Tests and the attack suite may use it freely.
    files: ['demo/server/**/*.ts'],
    ignores: ['demo/server/**/*.test.ts', 'demo/server/test/**', 'demo/server/security/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  }
);
