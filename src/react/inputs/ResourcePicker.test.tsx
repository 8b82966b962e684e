import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Practitioner, Resource } from '../../fhir';
import { pickerSearchQuery, ResourcePicker, type ResourceSearch } from './ResourcePicker';
import { ReferenceInput } from './ReferenceInput';

const alice: Practitioner = { resourceType: 'Practitioner', id: 'p1', name: [{ given: ['Alice'], family: 'Smith' }] };
const bob: Practitioner = { resourceType: 'Practitioner', id: 'p2', name: [{ given: ['Bob'], family: 'Jones' }] };

function searchOf(results: Resource[]) {
  return vi.fn<ResourceSearch>(async () => results);
}

describe('pickerSearchQuery', () => {
  it.each([
    ['Device', 'pump', { 'device-name': 'pump' }],
    ['Observation', 'glucose', { code: 'glucose' }],
    ['Subscription', 'Patient', { criteria: 'Patient' }],
    ['User', 'ann@', { 'email:contains': 'ann@' }],
    ['Practitioner', 'Ali', { name: 'Ali' }],
    ['Patient', '3f2a9c1e-1b2c-4d5e-8f90-123456789abc', { _id: '3f2a9c1e-1b2c-4d5e-8f90-123456789abc' }],
    ['Patient', '', {}],
  ])('searches %s for %j by a name-like field or _id, 10 at a time', (type, text, expected) => {
    expect(pickerSearchQuery(type, text)).toEqual({ _count: '10', ...expected });
  });

  it('searches a long id-like text by name, not _id (ids are at most 64 characters)', () => {
    const long = `a1-${'b'.repeat(70)}`;
    expect(pickerSearchQuery('Patient', long)).toEqual({ _count: '10', name: long });
  });
});

describe('ResourcePicker', () => {
  afterEach(() => vi.useRealTimers());

  it('searches 100 ms after typing stops and picks by keyboard', async () => {
    const search = searchOf([alice, bob]);
    const onValueChange = vi.fn();
    render(
      <ResourcePicker label="Provider" resourceType="Practitioner" search={search} onValueChange={onValueChange} />
    );
    const user = userEvent.setup();
    const input = screen.getByRole('combobox', { name: 'Provider' });
    await user.type(input, 'Smi');
    expect(await screen.findByRole('option', { name: 'Alice Smith' })).toBeInTheDocument();
    // One search for the whole word typed, not one per key.
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0]!.slice(0, 2)).toEqual(['Practitioner', { _count: '10', name: 'Smi' }]);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onValueChange).toHaveBeenCalledWith(bob);
    expect(input).toHaveValue('Bob Jones');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('waits the typing delay before it searches', async () => {
    vi.useFakeTimers();
    const search = searchOf([alice]);
    render(<ResourcePicker label="Provider" resourceType="Practitioner" search={search} />);
    const input = screen.getByRole('combobox', { name: 'Provider' });
    fireEvent.change(input, { target: { value: 'A' } });
    act(() => vi.advanceTimersByTime(99));
    expect(search).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'Al' } });
    act(() => vi.advanceTimersByTime(99));
    expect(search).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0]![1]).toEqual({ _count: '10', name: 'Al' });
  });

  it("says 'Nothing found' when nothing matches", async () => {
    render(<ResourcePicker label="Provider" resourceType="Practitioner" search={searchOf([])} />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Provider' }), 'zz');
    expect(await screen.findByText('Nothing found')).toHaveAttribute('role', 'status');
  });

  it('shows a failed search at the field', async () => {
    const search = vi.fn<ResourceSearch>(async () => Promise.reject(new Error('Forbidden')));
    render(<ResourcePicker label="Provider" resourceType="Practitioner" search={search} />);
    const input = screen.getByRole('combobox', { name: 'Provider' });
    await userEvent.type(input, 'a');
    await vi.waitFor(() => expect(input).toHaveAccessibleDescription('Forbidden'));
  });

  it('closes on Escape and clears the pick when the text is cleared', async () => {
    const onValueChange = vi.fn();
    render(
      <ResourcePicker
        label="Provider"
        resourceType="Practitioner"
        search={searchOf([alice])}
        defaultValue={alice}
        onValueChange={onValueChange}
      />
    );
    const input = screen.getByRole('combobox', { name: 'Provider' });
    expect(input).toHaveValue('Alice Smith');
    const user = userEvent.setup();
    await user.click(input);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await user.clear(input);
    expect(onValueChange).toHaveBeenLastCalledWith(undefined);
  });
});

describe('ReferenceInput', () => {
  it('searches only the given types and gives a Reference with its display', async () => {
    const search = searchOf([alice]);
    const onValueChange = vi.fn();
    render(
      <ReferenceInput
        label="Performer"
        targetTypes={['Practitioner', 'Organization']}
        search={search}
        onValueChange={onValueChange}
      />
    );
    const types = screen.getByRole('combobox', { name: 'Resource type' }) as HTMLSelectElement;
    expect([...types.options].map((o) => o.value)).toEqual(['', 'Practitioner', 'Organization']);
    const user = userEvent.setup();
    await user.selectOptions(types, 'Organization');
    await user.type(screen.getByRole('combobox', { name: 'Performer' }), 'Ali');
    await user.click(await screen.findByRole('option', { name: 'Alice Smith' }));
    expect(search.mock.calls.at(-1)!.slice(0, 2)).toEqual(['Organization', { _count: '10', name: 'Ali' }]);
    expect(onValueChange).toHaveBeenCalledWith({ reference: 'Practitioner/p1', display: 'Alice Smith' });
  });

  it('shows no type choice for one type and starts from the display of its value', () => {
    render(
      <ReferenceInput
        label="Performer"
        targetTypes={['Practitioner']}
        search={searchOf([])}
        defaultValue={{ reference: 'Practitioner/p1', display: 'Dr Alice' }}
      />
    );
    expect(screen.queryByRole('combobox', { name: 'Resource type' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Performer' })).toHaveValue('Dr Alice');
  });
});
