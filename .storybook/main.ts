import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';
import { stylesLayerPlugin } from '../scripts/styles-layer.mjs';

// Storybook for designers and the story tests. Builds and runs offline: no telemetry, no
// version check, no fonts or assets from the network.
const config: StorybookConfig = {
  // MDX pages (getting started, theming, ...) first in the sidebar, then one entry per component.
  stories: ['../stories/docs/*.mdx', '../stories/**/*.stories.tsx'],
  addons: ['@storybook/addon-vitest', '@storybook/addon-a11y', '@storybook/addon-docs'],
  framework: { name: '@storybook/react-vite', options: {} },
  typescript: {
    // The docs pages' prop tables come from the TSDoc of each prop, followed through `extends`
    // into other files (react-docgen-typescript reads the types as the compiler does). The story
    // tests never show a prop table, so they skip that work.
    reactDocgen: process.env.VITEST ? false : 'react-docgen-typescript',
    reactDocgenTypescriptOptions: {
      shouldExtractLiteralValuesFromEnum: true,
      // Our props and the ones they extend; not every HTML attribute React declares.
      propFilter: (prop) => !prop.parent || !/node_modules/.test(prop.parent.fileName),
    },
  },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true, enableCrashReports: false },
  async viteFinal(viteConfig) {
    // The stories import src/styles directly; in the package's cascade layer, as dist/styles.css has them.
    viteConfig.plugins = [
      ...(viteConfig.plugins ?? []),
      stylesLayerPlugin(fileURLToPath(new URL('../src/styles', import.meta.url))),
    ];
    // The React entry starts with 'use client' for frameworks with server components; a
    // Storybook bundle has no use for it, so the bundler's note about dropping it is noise.
    const build = (viteConfig.build ??= {});
    // Storybook's preview ships axe and the test tools in one chunk; its size is not ours.
    build.chunkSizeWarningLimit = 2000;
    const options = ((build as any).rolldownOptions ??= {});
    const previous = options.onwarn;
    options.onwarn = (warning: { code?: string }, warn: (w: unknown) => void) => {
      if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
      if (previous) previous(warning, warn);
      else warn(warning);
    };
    return viteConfig;
  },
};

export default config;
