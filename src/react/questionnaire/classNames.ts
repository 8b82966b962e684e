import type { SlotClassNames } from '../primitives/classNames';
/** Every part of the questionnaire form; the default class of a part is `fpk-${slot}`. */
export const QuestionnaireSlot = {
  Root: 'questionnaire',
  Title: 'questionnaire-title',
  Loading: 'questionnaire-loading',
  Fatal: 'questionnaire-fatal',
  FatalTitle: 'questionnaire-fatal-title',
  Issue: 'questionnaire-issue',
  Form: 'questionnaire-form',
  Buttons: 'questionnaire-buttons',
  Button: 'button',
  Stepper: 'stepper',
  StepperStep: 'stepper-step',
  StepperNumber: 'stepper-number',
  StepperCurrent: 'stepper-current',
  Group: 'questionnaire-group',
  GroupTitle: 'questionnaire-group-title',
  Display: 'questionnaire-display',
  Xhtml: 'questionnaire-xhtml',
  Prefix: 'questionnaire-prefix',
  Item: 'questionnaire-item',
  Label: 'questionnaire-label',
  Fieldset: 'questionnaire-fieldset',
  Required: 'questionnaire-required',
  Error: 'questionnaire-error',
  Pending: 'questionnaire-pending',
  RepeatActions: 'questionnaire-repeat-actions',
  Input: 'input',
  Checkbox: 'checkbox',
  Select: 'select',
  FileInput: 'file-input',
  Choices: 'questionnaire-choices',
  Choice: 'questionnaire-choice',
  Slider: 'questionnaire-slider',
  Quantity: 'questionnaire-quantity',
  Unit: 'questionnaire-unit',
  Attachment: 'questionnaire-attachment',
  AttachmentCurrent: 'questionnaire-attachment-current',
  Status: 'questionnaire-status',
  Combobox: 'combobox',
  ComboboxControl: 'combobox-control',
  ComboboxToggle: 'combobox-toggle',
  ComboboxMenu: 'combobox-menu',
  ComboboxOption: 'combobox-option',
  ComboboxStatus: 'combobox-status',
  ComboboxEmpty: 'combobox-empty',
  ComboboxTags: 'combobox-tags',
  ComboboxTag: 'combobox-tag',
  ComboboxTagRemove: 'combobox-tag-remove',
  Tabs: 'questionnaire-tabs',
  TabList: 'questionnaire-tablist',
  Tab: 'questionnaire-tab',
  TabPanel: 'questionnaire-tabpanel',
  Resume: 'questionnaire-resume',
  DraftStatus: 'questionnaire-draft-status',
  /** A submit kept on the device (client offline option): saved, or sending. */
  QueuedStatus: 'questionnaire-queued',
  SignatureSection: 'questionnaire-signature',
  Signature: 'signature',
  SignatureArea: 'signature-area',
  SignatureActions: 'signature-actions',
  SignatureTyped: 'signature-typed',
  VisuallyHidden: 'visually-hidden',
} as const;

/** A part's name, e.g. 'questionnaire-item'. */
export type QuestionnaireSlotName = (typeof QuestionnaireSlot)[keyof typeof QuestionnaireSlot];

/** Class names per part, added to the default `fpk-<slot>` (`{ replace }` drops it). */
export type QuestionnaireClassNames = SlotClassNames<QuestionnaireSlotName>;

/** The default class names: `fpk-${slot}` for each part. */
export function getDefaultQuestionnaireClassNames(): Record<QuestionnaireSlotName, string> {
  return Object.fromEntries(Object.values(QuestionnaireSlot).map((slot) => [slot, `fpk-${slot}`])) as Record<
    QuestionnaireSlotName,
    string
  >;
}
