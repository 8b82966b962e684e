import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, type ReactElement, type Ref } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CodeableConceptInput } from './CodeableConceptInput';
import { DateTimeInput } from './DateTimeInput';
import { MultiSelect } from './MultiSelect';
import { ReferenceInput } from './ReferenceInput';
import { ResourcePicker } from './ResourcePicker';
import { SecretInput } from './SecretInput';
import type { InnerInputAttributes } from './innerInputProps';

// Every single-field edit input, rendered with root props (ref, className, dir, data-*) and
// inner-input props (inputRef, inputProps), so each can be checked for where they land.
type Root = { ref: Ref<HTMLDivElement>; className: string; dir: 'rtl'; 'data-testid': string };
type Inner = { inputRef: Ref<HTMLInputElement>; inputProps: InnerInputAttributes };
const none = async () => [];
const inputs: [string, string, (root: Root, inner: Inner) => ReactElement][] = [
  ['DateTimeInput', 'Start', (r, i) => <DateTimeInput label="Start" {...r} {...i} />],
  ['SecretInput', 'Client secret', (r, i) => <SecretInput label="Client secret" {...r} {...i} />],
  [
    'CodeableConceptInput',
    'Condition',
    (r, i) => <CodeableConceptInput label="Condition" expand={none} {...r} {...i} />,
  ],
  [
    'ResourcePicker',
    'Provider',
    (r, i) => <ResourcePicker label="Provider" resourceType="Practitioner" search={none} {...r} {...i} />,
  ],
  [
    'ReferenceInput',
    'Performer',
    (r, i) => <ReferenceInput label="Performer" targetTypes={['Practitioner']} search={none} {...r} {...i} />,
  ],
  ['MultiSelect', 'Colours', (r, i) => <MultiSelect label="Colours" options={[]} {...r} {...i} />],
];

describe.each(inputs)('%s', (_name, label, renderInput) => {
  it('puts ref, className, dir and other attributes on its root, and inputRef and inputProps on the input', () => {
    const ref = createRef<HTMLDivElement>();
    const inputRef = createRef<HTMLInputElement>();
    render(
      renderInput(
        { ref, className: 'mine', dir: 'rtl', 'data-testid': 'root' },
        { inputRef, inputProps: { name: 'field', className: 'my-input', 'aria-describedby': 'hint' } }
      )
    );
    const root = screen.getByTestId('root');
    const input = screen.getByLabelText(label, { selector: 'input' });
    expect(ref.current).toBe(root);
    expect(root).toHaveClass('mine');
    expect(root).toHaveAttribute('dir', 'rtl');
    expect(root).toContainElement(input);
    expect(inputRef.current).toBe(input);
    expect(input).toHaveAttribute('name', 'field');
    expect(input).toHaveClass('fpk-input my-input', { exact: true });
    expect(input).not.toHaveClass('mine');
    expect(input).toHaveAttribute('aria-describedby', 'hint');
  });

  it('keeps its label on the input when the caller gives the input an id', () => {
    render(renderInput({} as Root, { inputRef: null, inputProps: { id: 'given' } } as unknown as Inner));
    expect(screen.getByLabelText(label, { selector: 'input' })).toHaveAttribute('id', 'given');
  });
});

describe('the pickers’ combobox', () => {
  it('passes the caller’s onClick and onKeyDown to the input and still opens and picks', async () => {
    const onClick = vi.fn();
    const onKeyDown = vi.fn();
    const onValueChange = vi.fn();
    const options = [
      { value: 'red', label: 'Red' },
      { value: 'blue', label: 'Blue' },
    ];
    render(
      <MultiSelect
        label="Colours"
        options={options}
        onValueChange={onValueChange}
        inputProps={{ onClick, onKeyDown }}
      />
    );
    const user = userEvent.setup();
    const input = screen.getByRole('combobox', { name: 'Colours' });
    await user.click(input);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onKeyDown.mock.calls.map(([event]) => event.key)).toEqual(['ArrowDown', 'Enter']);
    expect(onValueChange).toHaveBeenLastCalledWith(['red']);
  });

  it('leaves a key to the caller who prevented its default', async () => {
    const onValueChange = vi.fn();
    render(
      <MultiSelect
        label="Colours"
        options={[{ value: 'red', label: 'Red' }]}
        onValueChange={onValueChange}
        inputProps={{ onKeyDown: (event) => event.key === 'Enter' && event.preventDefault() }}
      />
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Colours' }));
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onValueChange).not.toHaveBeenCalled();
  });
});
