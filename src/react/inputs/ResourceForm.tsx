import { forwardRef, type FormHTMLAttributes } from 'react';
import { elementName } from '../../fhir';
import { slotClass, type InputsClassNames } from './classNames';
import {
  defaultResourceFormMessages,
  type FieldContext,
  type ResourceFormMessages,
  type ValueSetExpander,
} from './resourceFormContext';
import { ElementField } from './ResourceFormField';
import type { ResourceSearch } from './ResourcePicker';
import { choiceCode, choiceValue, useResourceForm, type UseResourceFormOptions } from './useResourceForm';
import { useMessages } from '../locale/MessagesContext';

export { defaultResourceFormMessages, type ResourceFormMessages, type ValueSetExpander } from './resourceFormContext';

/** Props of {@link ResourceForm}. */
export interface ResourceFormProps
  extends UseResourceFormOptions, Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'defaultValue' | 'children'> {
  /** Searches references' targets (ReferenceInput); without it a reference shows its display text. */
  readonly search?: ResourceSearch;
  /** Expands bound value sets (codes and concepts); without it codes are typed as text. */
  readonly expand?: ValueSetExpander;
  readonly messages?: Partial<ResourceFormMessages>;
  readonly classNames?: InputsClassNames;
}

/**
 * Edits any resource by its fields, taken from the server's StructureDefinition (`loadSchema`,
 * e.g. `(type) => client.requestSchema(type)`), with the edit inputs for names, addresses,
 * quantities, dates, concepts and references. Fields the access policy hides are left out;
 * read-only ones show 'Read Only' and cannot change. A failed save shows each issue at the field
 * its expression names (array indices ignored) and keeps everything typed.
 */
export const ResourceForm = /* @__PURE__ */ forwardRef<HTMLFormElement, ResourceFormProps>(function ResourceForm(
  {
    resourceType,
    loadSchema,
    accessPolicy,
    onSubmit,
    outcome,
    value,
    defaultValue,
    onValueChange,
    search,
    expand,
    messages,
    classNames,
    className,
    ...rest
  },
  ref
) {
  const m = useMessages('resourceForm', defaultResourceFormMessages, messages);
  const form = useResourceForm({
    resourceType,
    loadSchema,
    accessPolicy,
    onSubmit,
    outcome,
    value,
    defaultValue,
    onValueChange,
  });
  const ctx: FieldContext | undefined = form.schema && {
    root: form.schema,
    loadSchema,
    search,
    expand,
    messages: m,
    classNames,
    isReadonly: form.isReadonly,
    isHidden: form.isHidden,
    issuesAt: form.issuesAt,
    issuesUnder: form.issuesUnder,
    setInvalid: form.setFieldInvalid,
  };
  const busy = form.status === 'submitting';
  return (
    <form
      noValidate
      {...rest}
      ref={ref}
      className={slotClass('form', classNames, className)}
      data-state={form.status}
      aria-busy={busy || !form.schema || undefined}
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit();
      }}
    >
      {form.schemaError && (
        <p role="alert" className={slotClass('inputs-error', classNames)}>
          {form.schemaError}
        </p>
      )}
      {!form.schema && !form.schemaError && (
        <p role="status" className={slotClass('inputs-hint', classNames)}>
          {m.loading}
        </p>
      )}
      {form.status === 'failed' && (
        <div role="alert" className={slotClass('inputs-error', classNames)}>
          {form.formIssues.length
            ? form.formIssues.map((issue, i) => <p key={i}>{issue.details?.text ?? issue.diagnostics ?? issue.code}</p>)
            : m.failed}
        </div>
      )}
      {ctx &&
        form.elements.map((element) => {
          const name = elementName(element.path);
          return (
            <ElementField
              key={name}
              element={element}
              path={name}
              value={choiceValue(element, form.resource)}
              code={choiceCode(element, form.resource)}
              onChange={(v, code) => form.setField(element, v, code)}
              ctx={ctx}
              requiredMissing={form.isRequiredMissing(name)}
            />
          );
        })}
      <div className={slotClass('form-actions', classNames)}>
        <button type="submit" className={slotClass('button', classNames)} disabled={busy || !form.schema}>
          {busy ? m.submitting : m.submit}
        </button>
        <span role="status" className={slotClass('inputs-hint', classNames)}>
          {form.status === 'saved' ? m.saved : ''}
        </span>
      </div>
    </form>
  );
});
