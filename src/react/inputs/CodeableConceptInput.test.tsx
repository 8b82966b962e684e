import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Coding } from '../../fhir';
import { CodeableConceptInput, type ValueSetSearch } from './CodeableConceptInput';

const SNOMED = 'http://snomed.info/sct';
const codings: Coding[] = [
  { system: SNOMED, code: '38341003', display: 'Hypertension' },
  { system: SNOMED, code: '73211009', display: 'Diabetes mellitus' },
];

describe('CodeableConceptInput', () => {
  it('expands the value set for the typed text and picks a concept', async () => {
    const expand = vi.fn<ValueSetSearch>(async (filter) =>
      codings.filter((c) => c.display!.toLowerCase().includes(filter))
    );
    const onValueChange = vi.fn();
    render(<CodeableConceptInput label="Condition" expand={expand} onValueChange={onValueChange} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'Condition' }), 'diab');
    await user.click(await screen.findByRole('option', { name: 'Diabetes mellitus (73211009)' }));
    expect(expand.mock.calls.at(-1)![0]).toBe('diab');
    expect(onValueChange).toHaveBeenCalledWith({ coding: [codings[1]], text: 'Diabetes mellitus' });
    expect(screen.getByRole('combobox', { name: 'Condition' })).toHaveValue('Diabetes mellitus');
  });

  it("says 'Nothing found' for an empty expansion", async () => {
    render(<CodeableConceptInput label="Condition" expand={async () => []} messages={{ nothingFound: 'Aucun' }} />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Condition' }), 'x');
    expect(await screen.findByText('Aucun')).toHaveAttribute('role', 'status');
  });

  it('shows the text of the concept it starts with', () => {
    render(
      <CodeableConceptInput label="Condition" expand={async () => []} defaultValue={{ text: 'High blood pressure' }} />
    );
    expect(screen.getByRole('combobox', { name: 'Condition' })).toHaveValue('High blood pressure');
  });
});
