import { useEffect, useState } from 'react';
import {
  childElements,
  elementName,
  getTypeFieldAccess,
  normalizeErrorString,
  normalizeOutcome,
  type AccessPolicy,
  type ElementSchema,
  type OperationOutcome,
  type OperationOutcomeIssue,
  type Resource,
  type TypeSchema,
} from '../../fhir';
import { useControllableState, type ValueProps } from '../primitives/useControllableState';

/** Loads a type's schema; the app hands in its client, e.g. `(type) => client.requestSchema(type)`. */
export type SchemaLoader = (type: string) => Promise<TypeSchema>;

/** Elements a form never shows: bookkeeping the server keeps, and extensions. */
export const SKIPPED_ELEMENTS: ReadonlySet<string> = new Set([
  'id',
  'meta',
  'implicitRules',
  'language',
  'text',
  'contained',
  'extension',
  'modifierExtension',
]);

/** A schema as loading goes: the schema, or the error text, or neither yet. */
export interface SchemaState {
  readonly schema?: TypeSchema;
  readonly error?: string;
}

/** Loads `type`'s schema with `load` (nothing while `type` is undefined). */
export function useTypeSchema(load: SchemaLoader, type: string | undefined): SchemaState {
  const [state, setState] = useState<SchemaState & { type?: string }>({});
  useEffect(() => {
    if (!type) return;
    let live = true;
    load(type).then(
      (schema) => live && setState({ type, schema }),
      (error: unknown) => live && setState({ type, error: normalizeErrorString(error) })
    );
    return () => {
      live = false;
    };
  }, [load, type]);
  return state.type === type ? state : {};
}

/** An issue's expression as a field path: array indices and the resource type dropped ('name.given'). */
export function issuePath(issue: OperationOutcomeIssue, resourceType: string): string | undefined {
  const expression = issue.expression?.[0] ?? issue.location?.[0];
  if (!expression) return undefined;
  const clean = expression.replace(/\[\d+\]/g, '');
  return clean.startsWith(resourceType + '.') ? clean.slice(resourceType.length + 1) : clean;
}

/** The elements of a resource form: the root's children a user edits, in the definition's order. */
export function formElements(schema: TypeSchema): ElementSchema[] {
  return childElements(schema, schema.type).filter((e) => !SKIPPED_ELEMENTS.has(elementName(e.path)));
}

/** True when a value holds nothing: undefined, '', an empty list or an object of empty values. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.every(isEmptyValue);
  if (typeof value === 'object') return Object.values(value).every(isEmptyValue);
  return false;
}

/** A copy without empty values at any depth (list items and object keys that hold nothing). */
export function withoutEmptyValues(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => !isEmptyValue(v)).map(withoutEmptyValues);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => !isEmptyValue(v))
        .map(([k, v]) => [k, withoutEmptyValues(v)])
    );
  }
  return value;
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The key a value of an element is stored under: its name, or for a choice name + type ('valueQuantity'). */
export function choiceKey(element: ElementSchema, code?: string): string {
  const name = elementName(element.path);
  return element.types.length < 2 ? name : name + capitalize(code ?? element.types[0]!.code);
}

/** The type a choice element holds in an object ('dateTime' for deceasedDateTime), or undefined. */
export function choiceCode(element: ElementSchema, object: unknown): string | undefined {
  if (element.types.length < 2 || !object || typeof object !== 'object') return undefined;
  const name = elementName(element.path);
  return element.types.find((t) => name + capitalize(t.code) in object)?.code;
}

const isChoiceKeyOf = (element: ElementSchema, key: string) => {
  const name = elementName(element.path);
  return key === name || (element.types.length > 1 && key.startsWith(name) && /^[A-Z]/.test(key.slice(name.length)));
};

/** The value of an element in an object (a choice element under whichever type it holds). */
export function choiceValue(element: ElementSchema, object: unknown): unknown {
  if (!object || typeof object !== 'object') return undefined;
  const key = Object.keys(object).find((k) => isChoiceKeyOf(element, k));
  return key ? (object as Record<string, unknown>)[key] : undefined;
}

/** A copy of `object` with the element set to `value` of type `code` (the other types of a choice removed). */
export function withChoice(
  element: ElementSchema,
  object: unknown,
  value: unknown,
  code?: string
): Record<string, unknown> {
  const next = Object.fromEntries(
    Object.entries((object as Record<string, unknown>) ?? {}).filter(([k]) => !isChoiceKeyOf(element, k))
  );
  // An empty list item stays while it is edited; empty values are dropped when submitting.
  if (value !== undefined && value !== '' && !(Array.isArray(value) && !value.length)) {
    next[choiceKey(element, code)] = value;
  }
  return next;
}

/** Where a submit stands. */
export type ResourceFormStatus = 'idle' | 'submitting' | 'saved' | 'failed';

/** Options of {@link useResourceForm}. */
export interface UseResourceFormOptions extends ValueProps<Resource> {
  /** The resource type; taken from the value when not given. */
  readonly resourceType?: string;
  readonly loadSchema: SchemaLoader;
  /** The policy whose hidden fields are left out and read-only fields locked. */
  readonly accessPolicy?: AccessPolicy;
  /** Saves the resource; a rejection's OperationOutcome is shown at the fields its issues name. */
  readonly onSubmit: (resource: Resource) => unknown;
  /** Issues from elsewhere (e.g. the server's answer to a save made outside the form). */
  readonly outcome?: OperationOutcome;
}

/**
 * Headless resource editing: the schema, the resource (controlled or uncontrolled), what the
 * access policy hides or locks, issues by field path, and the submit. A failed submit keeps
 * everything typed.
 */
export function useResourceForm({
  resourceType,
  loadSchema,
  accessPolicy,
  onSubmit,
  outcome,
  ...valueProps
}: UseResourceFormOptions) {
  const [resource = { resourceType } as Resource, setResource] = useControllableState(valueProps);
  const type = resourceType ?? resource.resourceType;
  const { schema, error: schemaError } = useTypeSchema(loadSchema, type);
  const [status, setStatus] = useState<ResourceFormStatus>('idle');
  const [failure, setFailure] = useState<OperationOutcome>();
  const [required, setRequired] = useState<ReadonlySet<string>>(new Set());
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());

  const issues = [...(outcome?.issue ?? []), ...(failure?.issue ?? [])];
  // Field rules by type: the form needs no search matcher, and the server checks the rest.
  const access = getTypeFieldAccess(accessPolicy, type);
  const elements = schema ? formElements(schema) : [];
  const shown = elements.filter((e) => !access.isHidden(elementName(e.path)));

  /** Sets one element of the resource; a read-only one keeps its value whatever the caller does. */
  const setField = (element: ElementSchema, value: unknown, code?: string) => {
    const name = elementName(element.path);
    if (access.isReadonly(name)) return;
    setResource(withChoice(element, resource, value, code) as unknown as Resource);
    if (required.has(name)) setRequired((r) => new Set([...r].filter((n) => n !== name)));
  };

  /** Marks a field's typed text as invalid (or valid again); an invalid field blocks the submit. */
  const setFieldInvalid = (path: string, bad: boolean) =>
    setInvalid((current) => {
      if (current.has(path) === bad) return current;
      const next = new Set(current);
      if (bad) next.add(path);
      else next.delete(path);
      return next;
    });

  const submit = async () => {
    const missing = shown.filter((e) => e.min > 0 && isEmptyValue(choiceValue(e, resource)));
    setRequired(new Set(missing.map((e) => elementName(e.path))));
    if (missing.length || invalid.size || status === 'submitting') return;
    setStatus('submitting');
    setFailure(undefined);
    try {
      await onSubmit({ ...(withoutEmptyValues(resource) as object), resourceType: type } as Resource);
      setStatus('saved');
    } catch (error) {
      setFailure(normalizeOutcome(error));
      setStatus('failed');
    }
  };

  return {
    resource,
    resourceType: type,
    schema,
    schemaError,
    elements: shown,
    status,
    /** Issues whose expression names this field path (e.g. 'telecom' or 'contact.name'). */
    issuesAt: (path: string) => issues.filter((i) => issuePath(i, type) === path),
    /** Issues at this path or below it. */
    issuesUnder: (path: string) =>
      issues.filter((i) => {
        const at = issuePath(i, type);
        return at !== undefined && (at === path || at.startsWith(path + '.'));
      }),
    /** Issues that name no field the form shows; listed above the fields. */
    formIssues: issues.filter((i) => {
      const at = issuePath(i, type);
      return !at || !shown.some((e) => at.split('.')[0] === elementName(e.path));
    }),
    isHidden: access.isHidden,
    isReadonly: access.isReadonly,
    isRequiredMissing: (name: string) => required.has(name),
    setField,
    setFieldInvalid,
    submit,
  };
}
