// The edit inputs: each a headless hook and a thin styled default (controlled or uncontrolled).
export * from './classNames';
export { useControllableState, type ValueProps } from '../primitives/useControllableState';
export * from './AddressInput';
export * from './QuantityInput';
export * from './HumanNameInput';
export * from './DateTimeInput';
export * from './CodeableConceptInput';
export * from './ResourcePicker';
export * from './ReferenceInput';
export * from './MultiSelect';
export * from './SecretInput';
export * from './CopyButton';
export * from './SearchTable';
export * from './useResourceForm';
export * from './ResourceForm';
