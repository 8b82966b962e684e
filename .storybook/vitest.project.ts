import { realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineProject } from 'vitest/config';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

// The key under which @storybook/addon-vitest hands each story its initial globals.
const STORYBOOK_TEST_INITIAL_GLOBALS = 'storybook/test-initial-globals';
declare module 'vitest' {
  interface ProvidedContext {
    [STORYBOOK_TEST_INITIAL_GLOBALS]: Record<string, unknown>;
  }
}

const dirname = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(dirname, '..');

// The `storybook` vitest project: every story's play function, then axe, in real Chromium.
// Debian's Chromium through playwright-core; `npx playwright install` cannot run here.
// The addon applies .storybook/preview.ts (theme CSS, `a11y: { test: 'error' }`) and the a11y
// addon's annotations to every story by itself, so there is no setup file.
export const storybookProject = defineProject({
  plugins: [storybookTest({ configDir: dirname })],
  // A git worktree's node_modules is often a symlink to the main checkout's; Vite serves files
  // only inside the project unless told, so the addon's setup file (under the real path) would 404.
  server: { fs: { allow: [root, realpathSync(path.join(root, 'node_modules'))] } },
  test: {
    name: 'storybook',
    // A file's first story also loads the preview in a cold browser: seconds on a busy 2-core machine.
    testTimeout: 30_000,
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          args: CHROMIUM_ARGS,
        },
      }),
      // Every story three times: at the desktop size the addon sets when a story names no viewport
      // (1200 × 900), on a phone, and at the desktop size in the dark theme. The addon resizes the page to the story's `viewport` global
      // before each story (1200 × 900 when none is set), so the phone run sets that global rather
      // than only the instance's viewport; `phone` is defined in preview.ts.
      instances: [
        { browser: 'chromium', name: 'storybook-desktop', viewport: { width: 1200, height: 900 } },
        {
          browser: 'chromium',
          name: 'storybook-phone',
          viewport: { width: 390, height: 844 },
          provide: { [STORYBOOK_TEST_INITIAL_GLOBALS]: { viewport: { value: 'phone', isRotated: false } } },
        },
        // And in the dark theme (the toolbar's switch, theme.ts), so axe checks every story's
        // contrast there too.
        {
          browser: 'chromium',
          name: 'storybook-dark',
          viewport: { width: 1200, height: 900 },
          provide: { [STORYBOOK_TEST_INITIAL_GLOBALS]: { theme: 'dark' } },
        },
      ],
    },
  },
});
