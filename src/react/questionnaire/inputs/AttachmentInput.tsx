import { useState } from 'react';
import { normalizeErrorString } from '../../../fhir';
import { useFhirClient } from '../../FhirProvider';
import { useQuestionnaireFormContext } from '../context';
import type { InputProps } from './QuestionInput';

/** A file input that uploads through the client and answers with the Attachment. */
export function AttachmentInput({ state, inputId, describedBy, invalid, onTouched }: InputProps) {
  const client = useFhirClient();
  const { store, messages, formId } = useQuestionnaireFormContext();
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string>();
  const attachment = state.answers[0]?.valueAttachment;

  const upload = async (file: File | undefined) => {
    onTouched?.();
    if (!file) return;
    setError(undefined);
    const { maxSize, mimeTypes } = state.constraints;
    if (maxSize !== undefined && file.size > maxSize) {
      setError(`The file is larger than ${maxSize} bytes.`);
      return;
    }
    if (mimeTypes?.length && !mimeTypes.includes(file.type)) {
      setError(`Allowed file types: ${mimeTypes.join(', ')}.`);
      return;
    }
    setUploading(true);
    try {
      const uploaded = await client.createAttachment({
        data: file,
        filename: file.name,
        contentType: file.type || 'application/octet-stream',
      });
      if (uploaded) store.setAnswer(state.key, { valueAttachment: { ...uploaded, size: file.size } });
    } catch (err) {
      setError(normalizeErrorString(err));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="fpk-questionnaire-attachment">
      <input
        id={inputId}
        form={formId}
        type="file"
        className="fpk-file-input"
        accept={state.constraints.mimeTypes?.join(',')}
        disabled={state.readOnly || uploading}
        aria-describedby={describedBy}
        aria-invalid={invalid || !!error || undefined}
        onChange={(e) => void upload(e.target.files?.[0])}
      />
      {uploading && <p role="status">{messages.uploading}</p>}
      {error && (
        <p className="fpk-questionnaire-error" role="alert">
          {error}
        </p>
      )}
      {attachment && (
        <p className="fpk-questionnaire-attachment-current">
          {attachment.url ? <a href={attachment.url}>{attachment.title ?? attachment.url}</a> : attachment.title}
          {!state.readOnly && (
            <button
              type="button"
              className="fpk-button"
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
