// The popover pickers, loaded on demand by LazyPicker: with them come Radix Popover and Downshift.
export { ChoiceCombobox } from './ChoiceCombobox';
export { ReferenceInput } from './ReferenceInput';
