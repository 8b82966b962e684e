import type { Decorator } from '@storybook/react-vite';

/**
 * The toolbar's theme switch: `data-theme` on the preview's <html>, as a page sets it. On the
 * page rather than a wrapper so the parts rendered into a portal (dialogs, popovers, toasts)
 * follow too. Light by default, so a story looks and tests the same whatever the machine's
 * colour-scheme setting; 'System' removes the attribute and lets prefers-color-scheme decide.
 */
export const themeGlobalTypes = {
  theme: {
    description: 'The kit’s colour theme (data-theme on the page)',
    toolbar: {
      title: 'Theme',
      icon: 'contrast',
      items: [
        { value: 'light', title: 'Light', icon: 'sun' },
        { value: 'dark', title: 'Dark', icon: 'moon' },
        { value: 'system', title: 'System setting', icon: 'browser' },
      ],
      dynamicTitle: true,
    },
  },
};

export type StoryTheme = 'light' | 'dark' | 'system';

/** Sets the page's data-theme from the `theme` global before the story renders. */
export const withTheme: Decorator = (Story, { globals }) => {
  const theme = (globals.theme as StoryTheme | undefined) ?? 'light';
  const root = document.documentElement;
  if (theme === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', theme);
  return Story();
};
