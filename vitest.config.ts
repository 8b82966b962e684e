import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { storybookProject } from './.storybook/vitest.project.js';

// One config, named projects, so `npm test` can run them in order and a developer can run one:
//   unit      – library logic (src/**/*.test.ts; the demo portal's too) in plain Node: no DOM to set up, so it starts fast
//   unit-dom  – components and hooks (src/**/*.test.tsx; the demo portal's pages too) in jsdom, with Testing Library's setup
//   server    – the reference server over real HTTP (demo/server/**), and the scripts' tests
//   storybook – every story's play function in real Chromium (added in .storybook/vitest.project.ts)
// A .ts test that truly needs the DOM (browser storage, window.location) starts with
// `// @vitest-environment jsdom`. `npm run test:unit` runs both unit projects.
// The demo's pages import the library by its package name; its tests read the source.
const librarySource = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));
const unitProject = {
  globals: true,
  // user-event journeys through a whole form take a few seconds on a 2-core machine.
  testTimeout: 20000,
};
const libraryAliases = {
  alias: [
    { find: /^fhir-portal-kit\/react$/, replacement: librarySource('react/index.ts') },
    { find: /^fhir-portal-kit\/locales\/([a-z-]+)$/, replacement: librarySource('locales/$1/index.ts') },
    { find: /^fhir-portal-kit$/, replacement: librarySource('index.ts') },
    // The README's examples import the stylesheet as a reader does; the tests run before any build.
    { find: /^fhir-portal-kit\/styles\.css$/, replacement: librarySource('styles/styles.css') },
  ],
};

export default defineConfig({
  test: {
    projects: [
      {
        resolve: libraryAliases,
        test: {
          ...unitProject,
          name: 'unit',
          // The demo app's pure logic (no DOM, no client) is tested here too.
          include: ['src/**/*.test.ts', 'demo/app/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: libraryAliases,
        test: {
          ...unitProject,
          name: 'unit-dom',
          // The demo app's own components too (demo/app/src/**), where one needs a test, and the README's examples.
          include: ['src/**/*.test.tsx', 'demo/app/src/**/*.test.tsx', 'examples/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['./src/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['demo/server/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          globals: true,
          testTimeout: 30000,
          hookTimeout: 60000,
          // PGlite is single-threaded WASM; files in parallel on 2 cores mostly thrash.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          globals: true,
          globalSetup: ['./e2e/global-setup.ts'],
          testTimeout: 60000,
          hookTimeout: 120000,
          // One Chromium at a time on this 2-core machine; journeys are independent contexts.
          fileParallelism: false,
        },
      },
      storybookProject,
    ],
  },
});
