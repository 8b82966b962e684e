export * from './SimpleQuestionnaireForm';
export { QuestionnaireForm, type QuestionnaireFormProps } from './QuestionnaireForm';
export { useQuestionnaire, type UseQuestionnaireOptions, type UseQuestionnaireResult } from './useQuestionnaire';
export { useQuestionnaireDrafts, type UseQuestionnaireDraftsOptions } from './useQuestionnaireDrafts';
export { useQuestionnaireItem, useQuestionnaireFormState } from './useQuestionnaireItem';
export { defaultQuestionnaireFormMessages, type QuestionnaireFormMessages } from './messages';
export { SignaturePad, type SignaturePadProps } from './SignaturePad';
export {
  QuestionnaireSlot,
  getDefaultQuestionnaireClassNames,
  type QuestionnaireSlotName,
  type QuestionnaireClassNames,
} from './classNames';
