import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { addValue, MultiSelect } from './MultiSelect';

const options = [
  { value: 'red', label: 'Red' },
  { value: 'green', label: 'Green' },
  { value: 'blue', label: 'Blue' },
];

describe('MultiSelect', () => {
  it('picks several values and shows them as removable tags', async () => {
    const onValueChange = vi.fn();
    render(<MultiSelect label="Colours" options={options} onValueChange={onValueChange} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Colours' }));
    await user.click(screen.getByRole('option', { name: 'Red' }));
    await user.click(screen.getByRole('option', { name: 'Blue' }));
    expect(onValueChange).toHaveBeenLastCalledWith(['red', 'blue']);
    const tags = screen.getByRole('list', { name: 'Colours: selected' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((li) => li.textContent)
    ).toEqual(['Red×', 'Blue×']);
    await user.click(screen.getByRole('button', { name: 'Remove Red' }));
    expect(onValueChange).toHaveBeenLastCalledWith(['blue']);
  });

  describe('when a max-values limit is set', () => {
    it('drops the oldest selection', async () => {
      const onValueChange = vi.fn();
      render(
        <MultiSelect
          label="Colours"
          options={options}
          maxValues={2}
          defaultValue={['red', 'green']}
          onValueChange={onValueChange}
        />
      );
      const user = userEvent.setup();
      await user.click(screen.getByRole('combobox', { name: 'Colours' }));
      await user.keyboard('{ArrowUp}{Enter}');
      expect(onValueChange).toHaveBeenLastCalledWith(['green', 'blue']);
    });
  });

  describe('when creatable', () => {
    it('offers to create what was typed, only when it is not blank', async () => {
      const onValueChange = vi.fn();
      const onCreate = vi.fn();
      render(
        <MultiSelect label="Tags" options={options} creatable onCreate={onCreate} onValueChange={onValueChange} />
      );
      const user = userEvent.setup();
      const input = screen.getByRole('combobox', { name: 'Tags' });
      await user.type(input, '   ');
      expect(screen.queryByRole('option', { name: /Create/ })).not.toBeInTheDocument();
      await user.clear(input);
      await user.type(input, 'Teal');
      await user.click(screen.getByRole('option', { name: '+ Create Teal' }));
      expect(onCreate).toHaveBeenCalledWith('Teal');
      expect(onValueChange).toHaveBeenLastCalledWith(['Teal']);
    });

    it('never offers creation when not creatable', async () => {
      render(<MultiSelect label="Tags" options={options} />);
      await userEvent.type(screen.getByRole('combobox', { name: 'Tags' }), 'Teal');
      expect(screen.queryByRole('option')).not.toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('Nothing found');
    });
  });

  it('adds values and keeps the newest within the limit', () => {
    expect(addValue(['a', 'b', 'c'], 'd', 3)).toEqual(['b', 'c', 'd']);
    expect(addValue(['a'], 'b')).toEqual(['a', 'b']);
    expect(addValue(['a', 'b'], 'a', 2)).toEqual(['b', 'a']);
  });
});
