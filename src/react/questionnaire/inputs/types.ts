// Types every input shares, apart from the inputs themselves so none imports another for them.
import type { QuestionnaireItemState } from '../../../questionnaire';

/** Props every input of an item gets. */
export interface InputProps {
  state: QuestionnaireItemState;
  inputId: string;
  /** Id of the item's label element, for inputs that name themselves with aria-labelledby. */
  labelId: string;
  describedBy?: string;
  invalid: boolean;
  /** Called when the user leaves the input (picker inputs use it to commit typed text). */
  onTouched?: () => void;
}

/** What the user did in the field before the picker took its place; the picker carries it on. */
export interface PickerHandoff {
  /** The text in the field. */
  text: string;
  /** The field had focus, with this selection. */
  focused: boolean;
  selection?: [number, number];
  /** The user asked for the options: clicked, pressed an arrow key or typed. */
  open: boolean;
}

/** Which picker an item uses, or undefined for the inputs that are always at hand. */
export type PickerKind = 'choice' | 'reference';

/** Props of a picker that may take over a resting field. */
export type PickerProps = InputProps & { handoff?: PickerHandoff };
