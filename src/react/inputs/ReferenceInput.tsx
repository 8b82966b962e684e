import { forwardRef, useId, useState, type InputHTMLAttributes } from 'react';
import { createReference, getDisplayString, parseReference, type Reference } from '../../fhir';
import { slotClass, type InputsClassNames } from './classNames';
import { SelectField } from './fields';
import { ResourcePicker, type ResourcePickerMessages, type ResourceSearch } from './ResourcePicker';
import { useControllableState, type ValueProps } from '../primitives/useControllableState';

/** Every text of {@link ReferenceInput}. */
export interface ReferenceInputMessages extends ResourcePickerMessages {
  /** The label of the resource-type drop-down shown when several types are allowed. */
  readonly resourceType: string;
}

/** The default English texts of {@link ReferenceInput}. */
export const defaultReferenceInputMessages: ReferenceInputMessages = {
  nothingFound: 'Nothing found',
  searching: 'Searching...',
  placeholder: 'Search',
  resourceType: 'Resource type',
};

/** The type a reference points to, or undefined for a contained, logical or malformed one. */
function typeOf(reference: Reference | undefined): string | undefined {
  try {
    return reference?.reference ? parseReference(reference)[0] : undefined;
  } catch {
    return undefined;
  }
}

/** Props of {@link ReferenceInput}. */
export interface ReferenceInputProps
  extends
    ValueProps<Reference | undefined>,
    Omit<InputHTMLAttributes<HTMLInputElement>, 'defaultValue' | 'value' | 'onChange'> {
  /** The field's label. */
  readonly label: string;
  /** The resource types a reference may point to; a drop-down offers them when there are several. */
  readonly targetTypes: readonly [string, ...string[]];
  /** Runs the search; styled components never call the client themselves. */
  readonly search: ResourceSearch;
  /** A message shown at the field (e.g. a server issue about it). */
  readonly error?: string;
  readonly messages?: Partial<ReferenceInputMessages>;
  readonly classNames?: InputsClassNames;
}

/** Picks a Reference to a resource of one of `targetTypes`, searched by name or id. */
export const ReferenceInput = /* @__PURE__ */ forwardRef<HTMLInputElement, ReferenceInputProps>(function ReferenceInput(
  { label, targetTypes, search, value, defaultValue, onValueChange, messages, classNames, className, ...rest },
  ref
) {
  const m = { ...defaultReferenceInputMessages, ...messages };
  const [reference, setReference] = useControllableState<Reference | undefined>({ value, defaultValue, onValueChange });
  const currentType = typeOf(reference);
  const [resourceType, setResourceType] = useState(
    currentType && targetTypes.includes(currentType) ? currentType : targetTypes[0]
  );
  const id = useId();
  return (
    <div className={slotClass('inputs-row', classNames, className)}>
      {targetTypes.length > 1 && (
        <SelectField
          label={m.resourceType}
          value={resourceType}
          options={targetTypes}
          optionLabel={(t) => t}
          onChange={(t) => setResourceType(t ?? targetTypes[0])}
          classNames={classNames}
        />
      )}
      <ResourcePicker
        {...rest}
        ref={ref}
        id={rest.id ?? id}
        label={label}
        resourceType={resourceType}
        search={search}
        defaultInputValue={reference?.display ?? reference?.reference}
        onValueChange={(resource) =>
          setReference(resource ? createReference(resource, getDisplayString(resource)) : undefined)
        }
        messages={m}
        classNames={classNames}
      />
    </div>
  );
});
