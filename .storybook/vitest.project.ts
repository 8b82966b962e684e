import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineProject } from 'vitest/config';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

const dirname = path.dirname(fileURLToPath(import.meta.url));

// The `storybook` vitest project: every story's play function, then axe, in real Chromium.
// Debian's Chromium through playwright-core; `npx playwright install` cannot run here.
// The addon applies .storybook/preview.ts (theme CSS, `a11y: { test: 'error' }`) and the a11y
// addon's annotations to every story by itself, so there is no setup file.
export const storybookProject = defineProject({
  plugins: [storybookTest({ configDir: dirname })],
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
      instances: [{ browser: 'chromium' }],
    },
  },
});
