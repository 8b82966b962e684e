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
  ],
};
// The form is given its questionnaire, so the client is never asked for anything.
const client = new FhirClient({
  baseUrl: 'https://fhir.example.org/',
  fetch: () => Promise.reject(new Error('offline')),
});

function ThemedPortal({ palette: initial }: { palette: PaletteName }) {
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
      <div data-testid="themed" data-palette={palette} style={style}>
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
  args: { palette: 'Teal' },
  argTypes: { palette: { control: 'inline-radio', options: Object.keys(PALETTES) } },
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
