import { useCallback } from 'react';
import { useQuestionnaireFormContext } from '../context';
import { OptionCombobox } from './OptionCombobox';
import type { PickerProps } from './types';

/**
 * A resource picker for a reference item: the engine searches the item's target types with the
 * form's subject and encounter as the user types, and offers what it found.
 */
export function ReferenceInput(props: PickerProps) {
  const { store } = useQuestionnaireFormContext();
  const key = props.state.key;
  const search = useCallback((text: string) => void store.searchReferences(key, text), [store, key]);
  return <OptionCombobox {...props} kind="reference" search={search} />;
}
