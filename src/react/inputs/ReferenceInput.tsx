import { forwardRef, useState } from 'react';
import { createReference, getDisplayString, parseReference, type Reference } from '../../fhir';
import { slotClass, type InputsClassNames } from './classNames';
import { SelectField } from './fields';
import type { InnerInputProps, InputRootAttributes } from './innerInputProps';
import { ResourcePicker, type ResourcePickerMessages, type ResourceSearch } from './ResourcePicker';
import { useControllableState, type ValueProps } from '../primitives/useControllableState';
import { useMessages } from '../locale/MessagesContext';

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
export interface ReferenceInputProps extends ValueProps<Reference | undefined>, InnerInputProps, InputRootAttributes {
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

/**
 * Picks a Reference to a resource of one of `targetTypes`, searched by name or id. The ref and
 * other HTML attributes go to the root row; `inputProps` and `inputRef` to the search input.
 */
export const ReferenceInput = /* @__PURE__ */ forwardRef<HTMLDivElement, ReferenceInputProps>(function ReferenceInput(
  {
    label,
    targetTypes,
    search,
    value,
    defaultValue,
    onValueChange,
    error,
    messages,
    classNames,
    inputProps,
    inputRef,
    disabled,
    readOnly,
    className,
    ...rest
  },
  ref
) {
  const m = useMessages('referenceInput', defaultReferenceInputMessages, messages);
  const [reference, setReference] = useControllableState<Reference | undefined>({ value, defaultValue, onValueChange });
  const currentType = typeOf(reference);
  const [resourceType, setResourceType] = useState(
    currentType && targetTypes.includes(currentType) ? currentType : targetTypes[0]
  );
  return (
    <div
      {...rest}
      ref={ref}
      className={slotClass('inputs-row', classNames, className)}
      data-disabled={disabled || undefined}
    >
      {targetTypes.length > 1 && (
        <SelectField
          label={m.resourceType}
          value={resourceType}
          options={targetTypes}
          optionLabel={(t) => t}
          onChange={(t) => setResourceType(t ?? targetTypes[0])}
          classNames={classNames}
          disabled={disabled || readOnly}
        />
      )}
      <ResourcePicker
        inputProps={inputProps}
        inputRef={inputRef}
        disabled={disabled}
        readOnly={readOnly}
        error={error}
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
