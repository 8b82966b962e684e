import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
  { ignores: ['dist', 'storybook-static', 'node_modules', '.data', 'demo/app/dist', 'coverage', '.tmp'] },
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
  }
);
