import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState, type CSSProperties } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { FhirClient } from '../src/client';
import type { Questionnaire } from '../src/fhir';
import { FhirProvider, QuestionnaireForm, StatusBadge } from '../src/react';

/** Palettes as CSS variables; each text colour keeps 4.5:1 on its background. */
const PALETTES = {
  Teal: {},
  Ocean: {
    '--fpk-color-primary': '#1d4ed8',
    '--fpk-color-primary-hover': '#1e40af',
    '--fpk-focus-ring-color': '#1d4ed8',
  },
  Plum: {
    '--fpk-color-primary': '#6b21a8',
    '--fpk-color-primary-hover': '#581c87',
    '--fpk-focus-ring-color': '#6b21a8',
    '--fpk-radius': '0',
  },
  Night: {
    '--fpk-color-primary': '#5eead4',
    '--fpk-color-primary-hover': '#99f6e4',
    '--fpk-color-on-primary': '#042f2e',
    '--fpk-color-background': '#111827',
    '--fpk-color-text': '#f9fafb',
    '--fpk-color-text-muted': '#d1d5db',
    '--fpk-color-border': '#6b7280',
    '--fpk-focus-ring-color': '#5eead4',
  },
} satisfies Record<string, Record<`--fpk-${string}`, string>>;
type PaletteName = keyof typeof PALETTES;

const questionnaire: Questionnaire = {
  resourceType: 'Questionnaire',
  status: 'active',
  title: 'How are you today?',
  item: [
    { linkId: 'feeling', type: 'string', text: 'In a few words' },
    { linkId: 'pain', type: 'boolean', text: 'Any pain?' },
    // A repeating group: its 'Add' button is the outline variant (`.fpk-button[data-variant]`).
    {
      linkId: 'symptom',
      type: 'group',
      text: 'Symptom',
      repeats: true,
      item: [{ linkId: 'what', type: 'string', text: 'What' }],
    },
  ],
};
// The form is given its questionnaire, so the client is never asked for anything.
const client = new FhirClient({
  baseUrl: 'https://fhir.example.org/',
  fetch: () => Promise.reject(new Error('offline')),
});

interface ThemedPortalProps {
  palette: PaletteName;
  /** `data-theme` on the themed area: the palettes above are light ones, so light unless set. */
  theme?: 'light' | 'dark';
}

function ThemedPortal({ palette: initial, theme = 'light' }: ThemedPortalProps) {
  const [palette, setPalette] = useState<PaletteName>(initial);
  const style = {
    ...PALETTES[palette],
    background: 'var(--fpk-color-background)',
    color: 'var(--fpk-color-text)',
    padding: '1rem',
  } as CSSProperties;
  return (
    <FhirProvider client={client}>
      <fieldset>
        <legend>Palette</legend>
        {(Object.keys(PALETTES) as PaletteName[]).map((name) => (
          <label key={name} style={{ marginRight: '1rem' }}>
            <input type="radio" name="palette" checked={palette === name} onChange={() => setPalette(name)} /> {name}
          </label>
        ))}
      </fieldset>
      <div data-testid="themed" data-palette={palette} data-theme={theme} style={style}>
        <p>
          <StatusBadge status="booked" /> <StatusBadge status="cancelled" /> <StatusBadge status="completed" />
        </p>
        <QuestionnaireForm questionnaire={questionnaire} />
      </div>
    </FhirProvider>
  );
}

/**
 * The default theme restyled live through its CSS variables: pick a palette and every
 * component below follows, with no class or component changed.
 */
const meta = {
  title: 'Docs/Theming palette',
  component: ThemedPortal,
  // Shown on the theming page (MDX); a props table of this demo wrapper would say nothing.
  tags: ['!autodocs'],
  args: { palette: 'Teal', theme: 'light' },
  argTypes: {
    palette: { control: 'inline-radio', options: Object.keys(PALETTES) },
    theme: { control: 'inline-radio', options: ['light', 'dark'] },
  },
} satisfies Meta<typeof ThemedPortal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Swapping the palette changes the submit button's colour at once. */
export const SwapThePalette: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const submit = canvas.getByRole('button', { name: 'Submit' });
    const teal = getComputedStyle(submit).backgroundColor;
    await userEvent.click(canvas.getByRole('radio', { name: 'Ocean' }));
    await waitFor(() => expect(getComputedStyle(submit).backgroundColor).toBe('rgb(29, 78, 216)'));
    await expect(teal).not.toBe('rgb(29, 78, 216)');
  },
};

/** A dark palette: backgrounds, text and borders from the same variables. */
export const Night: Story = { args: { palette: 'Night' } };

/**
 * The dark theme in one section of a light page: `data-theme="dark"` on any element switches
 * the same variables to dark surfaces and light text there, 4.5:1 or better throughout.
 */
export const DarkTheme: Story = {
  args: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(getComputedStyle(canvas.getByTestId('themed')).backgroundColor).toBe('rgb(17, 24, 39)');
    const submit = canvas.getByRole('button', { name: 'Submit' });
    await expect(getComputedStyle(submit).backgroundColor).toBe('rgb(45, 212, 191)');
    await expect(getComputedStyle(submit).color).toBe('rgb(4, 47, 46)');
  },
};

/**
 * A team's own stylesheet, unlayered as most are, with a one-class selector. `:where()` keeps it
 * to this story on the docs page (where every story shares one document) without adding to its
 * specificity, which stays below the kit's `.fpk-button[data-variant='outline']`.
 */
const TEAM_RULE = ':where(.team-portal) .fpk-button { background: #7f1d1d; border-color: #7f1d1d; color: #ffffff; }';

/**
 * The kit's stylesheet is in `@layer fhir-portal-kit`, so a team's unlayered rule wins over it
 * whatever the selectors: here one class beats the kit's `.fpk-button[data-variant='outline']`.
 */
export const YourRulesWin: Story = {
  render: (args) => (
    <div className="team-portal">
      <style>{TEAM_RULE}</style>
      <ThemedPortal {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const add = canvas.getByRole('button', { name: 'Add Group: Symptom' });
    await expect(add).toHaveAttribute('data-variant', 'outline');
    await expect(getComputedStyle(add).backgroundColor).toBe('rgb(127, 29, 29)');
    await expect(getComputedStyle(add).color).toBe('rgb(255, 255, 255)');
  },
};
