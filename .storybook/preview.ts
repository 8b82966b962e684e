import type { Preview } from '@storybook/react-vite';
import '../src/styles/styles.css';

// Every component family's stylesheet, as the built styles.css concatenates them.
import.meta.glob('../src/styles/*.css', { eager: true });

const preview: Preview = {
  // Every component gets a docs page (props from its TSDoc, every story live), new ones included.
  tags: ['autodocs'],
  parameters: {
    layout: 'padded',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // Accessibility violations fail the story test (and CI), not just show in the panel.
    a11y: { test: 'error' },
  },
};

export default preview;
