// The popover pickers, loaded on demand by LazyPicker: with them comes Radix Popover.
export { ChoiceCombobox } from './ChoiceCombobox';
export { ReferenceInput } from './ReferenceInput';
