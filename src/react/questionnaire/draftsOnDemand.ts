// What a form with drafts loads on demand (useQuestionnaireDrafts, QuestionnaireForm): the saver,
// the line that says where saving is and the offer to resume a draft. A form without
// `onSaveDraft` or `draft` carries none of them.
export { createQuestionnaireDrafts } from '../../questionnaire/drafts';
export { QuestionnaireDraftStatus } from './DraftStatus';
export { QuestionnaireResume } from './DraftResume';
