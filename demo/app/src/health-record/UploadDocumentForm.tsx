import { formatHumanName, type DocumentReference } from 'fhir-portal-kit';
import { useFhirClient, useNotifications, useErrorText } from 'fhir-portal-kit/react';
import { useId, useState, type FormEvent } from 'react';
import { usePatient } from './usePatient';
import { useText } from '../i18n/useText';
import { healthRecordText } from './text';

/**
 * 'Upload a document': a file and a description, stored with createDocumentReference (the file
 * as a Binary, then a DocumentReference with status current for the patient). A failure keeps
 * the chosen file and the typed description and shows the red 'Error' notice with the message.
 */
export function UploadDocumentForm({ onUploaded }: { onUploaded: (document: DocumentReference) => void }) {
  const errorText = useErrorText();
  const client = useFhirClient();
  const notifications = useNotifications();
  const text = useText(healthRecordText);
  const t = text.upload;
  const { patient, patientRef } = usePatient();
  const id = useId();
  const [file, setFile] = useState<File>();
  const [description, setDescription] = useState('');
  const [missingFile, setMissingFile] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // React clears currentTarget once the handler returns, so keep the form before the await.
    const form = event.currentTarget;
    if (!file) {
      setMissingFile(true);
      return;
    }
    if (!patientRef) return;
    setUploading(true);
    setError(undefined);
    try {
      const document = await client.createDocumentReference(file, file.type || 'application/octet-stream', file.name, {
        subject: { reference: patientRef, display: formatHumanName(patient?.name?.[0]) || undefined },
        date: new Date().toISOString(),
        description: description.trim() || file.name,
        category: [{ text: 'Uploaded by the patient' }],
      });
      form.reset();
      setFile(undefined);
      setDescription('');
      notifications.showSuccess(t.doneTitle, t.done(document.description ?? file.name));
      onUploaded(document);
    } catch (e) {
      setError(errorText(e));
      notifications.showError(e);
    } finally {
      setUploading(false);
    }
  }

  return (
    <form className="portal-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t.title}</h2>
      <div className="portal-field">
        <label htmlFor={`${id}-file`}>{t.file}</label>
        <input
          id={`${id}-file`}
          type="file"
          aria-invalid={missingFile || undefined}
          aria-describedby={missingFile ? `${id}-file-error` : undefined}
          onChange={(e) => {
            setFile(e.target.files?.[0]);
            setMissingFile(false);
          }}
        />
        {missingFile && (
          <p id={`${id}-file-error`} className="portal-field-error">
            {t.chooseFile}
          </p>
        )}
      </div>
      <div className="portal-field">
        <label htmlFor={`${id}-description`}>{t.description}</label>
        <input
          id={`${id}-description`}
          className="fpk-input"
          value={description}
          maxLength={200}
          onChange={(e) => setDescription(e.target.value)}
        />
      </div>
      {error && (
        <div role="alert" className="portal-error">
          <strong>{text.error}</strong> {error}
        </div>
      )}
      <button type="submit" className="portal-button" disabled={uploading}>
        {uploading ? t.uploading : t.submit}
      </button>
    </form>
  );
}
