import { useCallback } from 'react';
import { useQuestionnaireFormContext } from '../context';
import { isValueSetPicker } from './inputKind';
import { OptionCombobox } from './OptionCombobox';
import type { PickerProps } from './types';

/**
 * A drop-down or autocomplete for choice and open-choice items: answer options filtered as the
 * user types, or a value set the engine expands as the user types.
 */
export function ChoiceCombobox(props: PickerProps) {
  const { store } = useQuestionnaireFormContext();
  const key = props.state.key;
  const expand = useCallback((text: string) => void store.loadOptions(key, text || undefined), [store, key]);
  return <OptionCombobox {...props} kind="choice" search={isValueSetPicker(props.state) ? expand : undefined} toggle />;
}
