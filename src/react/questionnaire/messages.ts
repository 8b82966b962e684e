import { defaultQuestionnaireMessages, type QuestionnaireMessages } from '../../questionnaire';

/**
 * Every user-visible text of the questionnaire form, replaceable through the `messages` prop: the
 * form's own and the engine's (validation errors, upload and search failures), which the form
 * hands to the engine when it builds it.
 */
export interface QuestionnaireFormMessages extends QuestionnaireMessages {
  submit: string;
  next: string;
  back: string;
  addItem: string;
  /** 'Add Group: {group text}' */
  addGroup: (groupText: string) => string;
  remove: string;
  loadingOptions: string;
  /** Shown while a questionnaire given by reference is read. */
  loadingQuestionnaire: string;
  /** 'Showing first N options' */
  showingFirst: (count: number) => string;
  noAnswersDefined: string;
  selectPlaceholder: string;
  searchPlaceholder: string;
  nothingFound: string;
  /** Free-text entry of an open-choice item. */
  otherAnswer: string;
  clearSelection: string;
  /** Accessible name of a multi-select's chosen answers: '{item text}: selected'. */
  selectedAnswers: (itemText: string) => string;
  /** Accessible name of the button that removes one chosen answer: 'Remove {answer}'. */
  removeAnswer: (answerLabel: string) => string;
  /** Shown on an item whose expression waits for the FHIRPath engine. */
  expressionPending: string;
  signature: string;
  signatureArea: string;
  signatureTyped: string;
  /** Shown in the signature's place while its pad loads. */
  signatureLoading: string;
  /** Shown, with 'Try again', when the signature pad could not be loaded. */
  signatureLoadFailed: string;
  tryAgain: string;
  clear: string;
  uploading: string;
  removeFile: string;
  requiredMark: string;
  unit: string;
  pagesLabel: string;
  /** 'Step {n} of {total}' */
  stepOf: (step: number, total: number) => string;
  /** Heading of the form's place when the questionnaire cannot be read or built. */
  fatalError: string;
  /** Why, when the server could not be reached while reading the questionnaire. */
  loadNetworkError: string;
  /** Heading of the offer to continue a saved draft. */
  resumeTitle: string;
  resumeText: string;
  resume: string;
  startOver: string;
  /** Where draft saving is; the failure is announced. */
  draftSaving: string;
  draftSaved: string;
  draftFailed: string;
}

/** The default English texts. */
export const defaultQuestionnaireFormMessages: QuestionnaireFormMessages = {
  ...defaultQuestionnaireMessages,
  submit: 'Submit',
  next: 'Next',
  back: 'Back',
  addItem: 'Add Item',
  addGroup: (groupText) => `Add Group: ${groupText}`,
  remove: 'Remove',
  loadingOptions: 'Loading options...',
  loadingQuestionnaire: 'Loading questionnaire...',
  showingFirst: (count) => `Showing first ${count} options`,
  noAnswersDefined: 'No Answers Defined',
  selectPlaceholder: 'Select an option',
  searchPlaceholder: 'Search',
  nothingFound: 'Nothing found',
  otherAnswer: 'Other',
  clearSelection: 'Clear selection',
  selectedAnswers: (itemText) => `${itemText}: selected`,
  removeAnswer: (answerLabel) => `Remove ${answerLabel}`,
  expressionPending: 'Calculating…',
  signature: 'Signature',
  signatureArea: 'Signature input area',
  signatureTyped: 'Or type your full name to sign',
  signatureLoading: 'Loading the signature pad…',
  signatureLoadFailed: 'The signature pad could not be loaded.',
  tryAgain: 'Try again',
  clear: 'Clear',
  uploading: 'Uploading…',
  removeFile: 'Remove file',
  requiredMark: 'required',
  unit: 'Unit',
  pagesLabel: 'Form pages',
  stepOf: (step, total) => `Step ${step} of ${total}`,
  fatalError: 'This questionnaire cannot be shown',
  loadNetworkError: 'Cannot reach the server. Check your connection and try again.',
  resumeTitle: 'Resume your saved answers?',
  resumeText: 'You started this form before and your answers were saved. Continue where you left off, or start over.',
  resume: 'Resume',
  startOver: 'Start over',
  draftSaving: 'Saving your answers…',
  draftSaved: 'Your answers are saved.',
  draftFailed: 'Your answers could not be saved just now. They are still here and will be saved when you continue.',
};
