// The leaf inputs of a ResourceForm field: text, checkbox, number and bound code. Each takes
// the field's label and value and reports a new value; ResourceFormField picks one by type.
import { useEffect, useId, useState, type ReactNode } from 'react';
import type { Coding } from '../../fhir';
import { slotClass } from './classNames';
import { SelectField, TextField } from './fields';
import { parseDecimal } from './QuantityInput';
import type { FieldContext } from './resourceFormContext';

export function PlainInput({
  label,
  type,
  multiline,
  value,
  onChange,
  ctx,
}: {
  label: string;
  type?: string;
  multiline?: boolean;
  value: string;
  onChange: (value: unknown) => void;
  ctx: FieldContext;
}): ReactNode {
  const id = useId();
  const props = {
    id,
    className: slotClass('input', ctx.classNames),
    value,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value || undefined),
  };
  return (
    <div className={slotClass('inputs-field', ctx.classNames)}>
      <label className={slotClass('inputs-label', ctx.classNames)} htmlFor={id}>
        {label}
      </label>
      {multiline ? <textarea {...props} rows={3} /> : <input {...props} type={type} />}
    </div>
  );
}

export function BooleanField({
  label,
  value,
  onChange,
  ctx,
}: {
  label: string;
  value: boolean | undefined;
  onChange: (value: unknown) => void;
  ctx: FieldContext;
}) {
  const id = useId();
  return (
    <div className={slotClass('inputs-field', ctx.classNames)}>
      <label className={slotClass('inputs-label', ctx.classNames)} htmlFor={id}>
        {label}
      </label>
      <input id={id} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />
    </div>
  );
}

/** A number typed as text (no wheel stepping); what is not a number stays with its message and never reaches the value. */
export function NumberField({
  label,
  path,
  integer,
  value,
  onChange,
  ctx,
}: {
  label: string;
  path: string;
  integer: boolean;
  value: number | undefined;
  onChange: (value: unknown) => void;
  ctx: FieldContext;
}) {
  const [text, setText] = useState(value === undefined ? '' : String(value));
  const n = parseDecimal(text);
  const bad = text.trim() !== '' && (n === undefined || (integer && !Number.isInteger(n)));
  return (
    <TextField
      label={label}
      value={text}
      classNames={ctx.classNames}
      error={bad ? ctx.messages.invalidNumber : undefined}
      onChange={(t) => {
        setText(t);
        const parsed = parseDecimal(t);
        const invalid = t.trim() !== '' && (parsed === undefined || (integer && !Number.isInteger(parsed)));
        ctx.setInvalid(path, invalid);
        if (!invalid) onChange(parsed);
      }}
    />
  );
}

/** A code from its bound value set, as a drop-down; free text when the value set cannot be expanded. */
export function CodeField({
  label,
  valueSet,
  value,
  onChange,
  ctx,
}: {
  label: string;
  valueSet: string;
  value: string | undefined;
  onChange: (value: unknown) => void;
  ctx: FieldContext;
}) {
  const [codes, setCodes] = useState<readonly Coding[]>();
  const expand = ctx.expand!;
  useEffect(() => {
    const controller = new AbortController();
    expand(valueSet, '', { signal: controller.signal }).then(
      (found) => !controller.signal.aborted && setCodes(found),
      () => !controller.signal.aborted && setCodes([])
    );
    return () => controller.abort();
  }, [expand, valueSet]);
  const options = (codes ?? []).map((c) => c.code).filter((c): c is string => !!c);
  if (!options.length) {
    return (
      <TextField
        label={label}
        value={value ?? ''}
        classNames={ctx.classNames}
        onChange={(t) => onChange(t || undefined)}
      />
    );
  }
  const display = new Map((codes ?? []).map((c) => [c.code, c.display ?? c.code]));
  return (
    <SelectField
      label={label}
      value={value}
      options={value && !options.includes(value) ? [...options, value] : options}
      optionLabel={(c) => display.get(c) ?? c}
      onChange={onChange}
      classNames={ctx.classNames}
    />
  );
}
