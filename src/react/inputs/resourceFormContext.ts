// What every field of a ResourceForm shares: its texts, the value-set search it is handed, and
// the context one form passes down to each field.
import type { Coding, OperationOutcomeIssue, TypeSchema } from '../../fhir';
import type { InputsClassNames } from './classNames';
import type { ResourceSearch } from './ResourcePicker';
import type { SchemaLoader } from './useResourceForm';

/** Searches a value set by its canonical URL; the app hands in its client's `valueSetExpand`. */
export type ValueSetExpander = (
  valueSet: string,
  filter: string,
  options: { signal: AbortSignal }
) => Promise<readonly Coding[]>;

/** Every text of {@link ResourceForm}. */
export interface ResourceFormMessages {
  readonly submit: string;
  readonly submitting: string;
  readonly saved: string;
  /** Above the fields when a save failed and every issue is shown at its field. */
  readonly failed: string;
  readonly loading: string;
  /** The hint of a field the access policy makes read-only. */
  readonly readOnly: string;
  readonly required: string;
  readonly invalidNumber: string;
  readonly yes: string;
  /** The label of a choice element's type drop-down. */
  readonly type: string;
  readonly add: (label: string) => string;
  readonly remove: (label: string) => string;
  /** A field's label from its element name ('birthDate' gives 'Birth date'). */
  readonly label: (name: string) => string;
}

/** The default English texts of {@link ResourceForm}. */
export const defaultResourceFormMessages: ResourceFormMessages = {
  submit: 'Save',
  submitting: 'Saving…',
  saved: 'Saved',
  failed: 'Not saved: check the fields marked below',
  loading: 'Loading…',
  readOnly: 'Read Only',
  required: 'Required',
  invalidNumber: 'Enter a number',
  yes: 'Yes',
  type: 'Type',
  add: (label) => `Add ${label}`,
  remove: (label) => `Remove ${label}`,
  label: (name) => {
    const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
    return words.charAt(0).toUpperCase() + words.slice(1);
  },
};

/** What every field of one form shares. */
export interface FieldContext {
  readonly root: TypeSchema;
  readonly loadSchema: SchemaLoader;
  readonly search?: ResourceSearch;
  readonly expand?: ValueSetExpander;
  readonly messages: ResourceFormMessages;
  readonly classNames?: InputsClassNames;
  readonly isReadonly: (path: string) => boolean;
  readonly isHidden: (path: string) => boolean;
  readonly issuesAt: (path: string) => OperationOutcomeIssue[];
  readonly issuesUnder: (path: string) => OperationOutcomeIssue[];
  readonly setInvalid: (path: string, invalid: boolean) => void;
}
