// One element of a ResourceForm and what it holds: a list, a choice, a nested group or a typed
// input (the edit inputs for their data types, the leaf inputs in resourceFormInputs.tsx).
import { useId, useState } from 'react';
import {
  childElements,
  elementName,
  type ElementSchema,
  type OperationOutcomeIssue,
  type TypeSchema,
} from '../../fhir';
import { AddressInput } from './AddressInput';
import { slotClass } from './classNames';
import { CodeableConceptInput } from './CodeableConceptInput';
import { DateTimeInput } from './DateTimeInput';
import { HumanNameInput } from './HumanNameInput';
import { FieldError, SelectField, TextField } from './fields';
import { QuantityInput } from './QuantityInput';
import { ReferenceInput } from './ReferenceInput';
import type { FieldContext } from './resourceFormContext';
import { BooleanField, CodeField, NumberField, PlainInput } from './resourceFormInputs';
import { choiceCode, choiceValue, SKIPPED_ELEMENTS, useTypeSchema, withChoice } from './useResourceForm';

const QUANTITY_TYPES = new Set(['Quantity', 'Age', 'Count', 'Distance', 'Duration', 'SimpleQuantity', 'MoneyQuantity']);
const NESTED_TYPES = new Set(['BackboneElement', 'Element']);
const DEDICATED_TYPES = new Set(['HumanName', 'Address', 'CodeableConcept', 'Reference']);
// Types a form cannot edit as fields: narrative, resources, signatures of a whole resource.
const UNEDITABLE_TYPES = new Set(['Extension', 'Narrative', 'Meta', 'Resource', 'xhtml', 'Signature']);
const MAX_DEPTH = 4;
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** One element of the resource (or of a nested value): its label, input, hints and issues. */
export function ElementField({
  element,
  path,
  value,
  onChange,
  ctx,
  depth = 0,
  requiredMissing,
  code,
}: {
  element: ElementSchema;
  /** The field path without the resource type: 'telecom', 'contact.name'. */
  path: string;
  value: unknown;
  /** Called with the new value and, for a choice element, the type chosen. */
  onChange: (value: unknown, code?: string) => void;
  ctx: FieldContext;
  depth?: number;
  requiredMissing?: boolean;
  /** The type a choice element holds now. */
  code?: string;
}) {
  const m = ctx.messages;
  const hintId = useId();
  const name = elementName(element.path);
  const label = m.label(name);
  const readOnly = ctx.isReadonly(path);
  // Inside a locked field, the nested fields are locked with it; the hint is said once.
  const parent = path.slice(0, path.lastIndexOf('.'));
  const lockedAbove = path.includes('.') && ctx.isReadonly(parent);
  // A field with its own input takes the issues below it too; one made of nested fields leaves them to those.
  const leaf =
    !element.contentReference &&
    element.types.every((t) => !/^[A-Z]/.test(t.code) || DEDICATED_TYPES.has(t.code) || QUANTITY_TYPES.has(t.code));
  const issues = leaf ? ctx.issuesUnder(path) : ctx.issuesAt(path);
  const errors = [...(requiredMissing ? [m.required] : []), ...issues.map(issueText)];
  const input =
    element.max > 1 ? (
      <ListField
        element={element}
        path={path}
        label={label}
        value={value}
        onChange={onChange}
        ctx={ctx}
        depth={depth}
      />
    ) : (
      <SingleField
        element={element}
        path={path}
        label={label}
        value={value}
        onChange={onChange}
        ctx={ctx}
        depth={depth}
        code={code}
      />
    );
  return (
    <div
      className={slotClass('form-field', ctx.classNames)}
      data-readonly={readOnly || undefined}
      data-invalid={errors.length ? true : undefined}
      data-path={path}
    >
      {readOnly && !lockedAbove ? (
        <fieldset disabled className={slotClass('form-lock', ctx.classNames)} aria-describedby={hintId}>
          {input}
        </fieldset>
      ) : (
        input
      )}
      {readOnly && !lockedAbove && (
        <p id={hintId} className={slotClass('inputs-hint', ctx.classNames)}>
          {m.readOnly}
        </p>
      )}
      {errors.map((text, i) => (
        <FieldError key={i} id={`${hintId}-error-${i}`} error={text} classNames={ctx.classNames} />
      ))}
    </div>
  );
}

function issueText(issue: OperationOutcomeIssue): string {
  return issue.details?.text ?? issue.diagnostics ?? issue.code;
}

function ListField({
  element,
  path,
  label,
  value,
  onChange,
  ctx,
  depth,
}: {
  element: ElementSchema;
  path: string;
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
  ctx: FieldContext;
  depth: number;
}) {
  const items: unknown[] = Array.isArray(value) ? value : value === undefined ? [] : [value];
  const set = (index: number, item: unknown) => onChange(items.map((v, i) => (i === index ? item : v)));
  return (
    <fieldset className={slotClass('inputs-fieldset', ctx.classNames)}>
      <legend className={slotClass('inputs-legend', ctx.classNames)}>{label}</legend>
      {items.map((item, index) => {
        const itemLabel = `${label} ${index + 1}`;
        return (
          <div key={index} className={slotClass('form-item', ctx.classNames)}>
            <SingleField
              element={element}
              path={path}
              label={itemLabel}
              value={item}
              onChange={(v) => set(index, v)}
              ctx={ctx}
              depth={depth}
            />
            <button
              type="button"
              className={slotClass('button', ctx.classNames)}
              data-variant="outline"
              onClick={() => onChange(items.filter((_, i) => i !== index))}
            >
              {ctx.messages.remove(itemLabel)}
            </button>
          </div>
        );
      })}
      <button
        type="button"
        className={slotClass('button', ctx.classNames)}
        data-variant="outline"
        onClick={() => onChange([...items, undefined])}
      >
        {ctx.messages.add(label)}
      </button>
    </fieldset>
  );
}

/** A choice element (value[x]) keeps its value under `value` + the type ('valueQuantity'); the form stores it by name. */
function SingleField({
  code: held,
  ...props
}: {
  element: ElementSchema;
  path: string;
  label: string;
  value: unknown;
  onChange: (value: unknown, code?: string) => void;
  ctx: FieldContext;
  depth: number;
  code?: string;
}) {
  const { element, ctx } = props;
  const [code, setCode] = useState(held ?? element.types[0]?.code ?? 'string');
  if (element.types.length < 2) return <TypedInput {...props} code={code} />;
  return (
    <div className={slotClass('inputs-row', ctx.classNames)}>
      <SelectField
        label={`${props.label}: ${ctx.messages.type}`}
        value={code}
        options={element.types.map((t) => t.code)}
        optionLabel={capitalize}
        onChange={(c) => {
          setCode(c ?? element.types[0]!.code);
          props.onChange(undefined);
        }}
        classNames={ctx.classNames}
      />
      <TypedInput {...props} onChange={(v) => props.onChange(v, code)} code={code} />
    </div>
  );
}

function TypedInput({
  element,
  path,
  label,
  value,
  onChange,
  ctx,
  depth,
  code,
}: {
  element: ElementSchema;
  path: string;
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
  ctx: FieldContext;
  depth: number;
  code: string;
}) {
  const common = { label, classNames: ctx.classNames };
  const v = value as any;
  const binding = element.binding?.valueSet;
  if (code === 'HumanName') return <HumanNameInput {...common} value={v ?? {}} onValueChange={onChange} />;
  if (code === 'Address') return <AddressInput {...common} value={v ?? {}} onValueChange={onChange} />;
  if (QUANTITY_TYPES.has(code)) return <QuantityInput {...common} value={v ?? {}} onValueChange={onChange} />;
  if (code === 'dateTime' || code === 'instant') {
    return <DateTimeInput {...common} value={v ?? ''} onValueChange={(t) => onChange(t || undefined)} />;
  }
  if (code === 'CodeableConcept' && binding && ctx.expand) {
    const expand = ctx.expand;
    return (
      <CodeableConceptInput
        {...common}
        expand={(filter, options) => expand(binding, filter, options)}
        value={v}
        onValueChange={onChange}
      />
    );
  }
  if (code === 'Reference' && ctx.search) {
    const targets = (element.types.find((t) => t.code === 'Reference')?.targetProfile ?? [])
      .map((p) => p.slice(p.lastIndexOf('/') + 1))
      .filter((t) => t !== 'Resource');
    if (targets.length) {
      return (
        <ReferenceInput
          {...common}
          targetTypes={targets as [string, ...string[]]}
          search={ctx.search}
          value={v}
          onValueChange={onChange}
        />
      );
    }
  }
  if (code === 'boolean') return <BooleanField label={label} value={v} onChange={onChange} ctx={ctx} />;
  if (code === 'code' && binding && ctx.expand) {
    return <CodeField label={label} valueSet={binding} value={v} onChange={onChange} ctx={ctx} />;
  }
  if (['integer', 'positiveInt', 'unsignedInt', 'decimal'].includes(code)) {
    return (
      <NumberField label={label} path={path} integer={code !== 'decimal'} value={v} onChange={onChange} ctx={ctx} />
    );
  }
  if (code === 'CodeableConcept' || code === 'Reference') {
    // Without a search to pick from, the text a person reads: the concept's text, the reference's display.
    const key = code === 'CodeableConcept' ? 'text' : 'display';
    return <TextField {...common} value={v?.[key] ?? ''} onChange={(t) => onChange({ ...v, [key]: t || undefined })} />;
  }
  if (NESTED_TYPES.has(code) || element.contentReference) {
    const at = element.contentReference ?? element.path;
    return (
      <NestedFields
        label={label}
        schema={ctx.root}
        elements={childElements(ctx.root, at)}
        path={path}
        value={v}
        onChange={onChange}
        ctx={ctx}
        depth={depth}
      />
    );
  }
  if (/^[A-Z]/.test(code)) {
    return UNEDITABLE_TYPES.has(code) || depth >= MAX_DEPTH ? null : (
      <TypeFields code={code} label={label} path={path} value={v} onChange={onChange} ctx={ctx} depth={depth} />
    );
  }
  const type = code === 'date' ? 'date' : code === 'time' ? 'time' : undefined;
  if (type) return <PlainInput label={label} type={type} value={v ?? ''} onChange={onChange} ctx={ctx} />;
  if (code === 'markdown') return <PlainInput label={label} multiline value={v ?? ''} onChange={onChange} ctx={ctx} />;
  return <TextField {...common} value={v ?? ''} onChange={(t) => onChange(t || undefined)} />;
}

/** A data type without its own input (ContactPoint, Identifier, Period...): its fields from its schema. */
function TypeFields(props: {
  code: string;
  label: string;
  path: string;
  value: any;
  onChange: (value: unknown) => void;
  ctx: FieldContext;
  depth: number;
}) {
  const { schema, error } = useTypeSchema(props.ctx.loadSchema, props.code);
  if (error) return <FieldError id={`${props.path}-schema`} error={error} classNames={props.ctx.classNames} />;
  if (!schema) return <p className={slotClass('inputs-hint', props.ctx.classNames)}>{props.ctx.messages.loading}</p>;
  return <NestedFields {...props} schema={schema} elements={childElements(schema, schema.type)} />;
}

function NestedFields({
  label,
  elements,
  path,
  value,
  onChange,
  ctx,
  depth,
}: {
  label: string;
  schema: TypeSchema;
  elements: ElementSchema[];
  path: string;
  value: any;
  onChange: (value: unknown) => void;
  ctx: FieldContext;
  depth: number;
}) {
  const shown = elements.filter((e) => {
    const name = elementName(e.path);
    return !SKIPPED_ELEMENTS.has(name) && !ctx.isHidden(`${path}.${name}`);
  });
  return (
    <fieldset className={slotClass('inputs-fieldset', ctx.classNames)}>
      <legend className={slotClass('inputs-legend', ctx.classNames)}>{label}</legend>
      {shown.map((e) => {
        const name = elementName(e.path);
        return (
          <ElementField
            key={name}
            element={e}
            path={`${path}.${name}`}
            value={choiceValue(e, value)}
            code={choiceCode(e, value)}
            onChange={(v, code) => onChange(withChoice(e, value, v, code))}
            ctx={ctx}
            depth={depth + 1}
          />
        );
      })}
    </fieldset>
  );
}
