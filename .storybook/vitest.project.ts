import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineProject } from 'vitest/config';

const dirname = path.dirname(fileURLToPath(import.meta.url));

// The `storybook` vitest project: every story's play function, then axe, in real Chromium.
// Debian's Chromium through playwright-core; `npx playwright install` cannot run here.
export const storybookProject = defineProject({
  plugins: [storybookTest({ configDir: dirname })],
  test: {
    name: 'storybook',
    setupFiles: [path.join(dirname, 'vitest.setup.ts')],
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      }),
      instances: [{ browser: 'chromium' }],
    },
  },
});
