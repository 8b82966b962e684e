import type { Preview } from '@storybook/react-vite';
import { configure } from 'storybook/test';
import '../src/styles/styles.css';
import { assertFitsViewport } from './fitsViewport';
import { themeGlobalTypes, withTheme } from './theme';

// Every component family's stylesheet, as the built styles.css concatenates them (each in the
// package's cascade layer: main.ts adds the plugin that wraps them).
import.meta.glob('../src/styles/*.css', { eager: true });

/**
 * Phone sizes for the toolbar's viewport menu. The story tests run every story at `phone` too
 * (the `phone` instance in vitest.project.ts picks it through the `viewport` global); `small-phone`
 * is the narrowest width the components support.
 */
export const phoneViewports = {
  phone: { name: 'Phone (390 × 844)', styles: { width: '390px', height: '844px' }, type: 'mobile' },
  'small-phone': { name: 'Small phone (320 × 568)', styles: { width: '320px', height: '568px' }, type: 'mobile' },
} as const;

// A story's first findBy* also waits for its on-demand chunks (signature pad, drafts, value-set
// search), which Vite serves one module at a time; on CI's loaded 2-core machine that passed the
// default 1 s (2 of 648 story tests in the run of 2026-11-29). What a story waits for is unchanged.
configure({ asyncUtilTimeout: 5000 });

const preview: Preview = {
  // Every component gets a docs page (props from its TSDoc, every story live), new ones included.
  tags: ['autodocs'],
  // The theme switch in the toolbar (theme.ts); the story tests run light, and dark in the
  // storybook-dark instance (vitest.project.ts).
  globalTypes: themeGlobalTypes,
  initialGlobals: { theme: 'light' },
  decorators: [withTheme],
  parameters: {
    layout: 'padded',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // Accessibility violations fail the story test (and CI), not just show in the panel.
    a11y: { test: 'error' },
    viewport: { options: phoneViewports },
  },
  // After the play function, at whatever width the story runs: no sideways scrolling of the page.
  // On a docs page many stories share one page, so the check belongs to the story's own canvas.
  afterEach: ({ viewMode }) => {
    if (viewMode !== 'docs') assertFitsViewport();
  },
};

export default preview;
