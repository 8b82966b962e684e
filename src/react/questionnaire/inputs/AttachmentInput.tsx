import { safeUrl } from '../../../fhir/urls';
import { useQuestionnaireFormContext } from '../context';
import { useQuestionnaireCn } from '../questionnaireClassContext';
import type { InputProps } from './types';

/**
 * A file input over the engine: the engine checks the file against the item's limits, uploads it
 * (through the client's createAttachment in a QuestionnaireForm) and answers with the Attachment;
 * this shows its progress, its error and the current file.
 */
export function AttachmentInput({ state, inputId, describedBy, invalid, onTouched }: InputProps) {
  const { store, messages, formId, idPrefix } = useQuestionnaireFormContext();
  const cn = useQuestionnaireCn();
  const attachment = state.answers[0]?.valueAttachment;
  // A link only to a URL that cannot run script (a loaded response's attachment is server data).
  const href = safeUrl(attachment?.url);
  const errorId = `${idPrefix}-${inputId}-upload-error`;
  return (
    <div className={cn('questionnaire-attachment')} data-uploading={state.uploading || undefined}>
      <input
        id={inputId}
        form={formId}
        type="file"
        className={cn('file-input')}
        accept={state.constraints.mimeTypes?.join(',')}
        disabled={state.readOnly || state.uploading}
        aria-describedby={[describedBy, state.uploadError && errorId].filter(Boolean).join(' ') || undefined}
        aria-invalid={invalid || !!state.uploadError || undefined}
        onChange={(e) => {
          onTouched?.();
          const file = e.target.files?.[0];
          if (file) void store.attachFile(state.key, file);
        }}
      />
      {state.uploading && (
        <p className={cn('questionnaire-status')} role="status">
          {messages.uploading}
        </p>
      )}
      {state.uploadError && (
        <p id={errorId} className={cn('questionnaire-error')} role="alert">
          {state.uploadError}
        </p>
      )}
      {attachment && (
        <p className={cn('questionnaire-attachment-current')}>
          {href ? <a href={href}>{attachment.title ?? href}</a> : (attachment.title ?? attachment.url)}
          {!state.readOnly && (
            <button
              type="button"
              className={cn('button')}
              data-variant="subtle"
              onClick={() => store.setAnswer(state.key, undefined)}
            >
              {messages.removeFile}
            </button>
          )}
        </p>
      )}
    </div>
  );
}
