import { formatCodeableConcept, formatDate, formatReference, type DocumentReference } from 'fhir-portal-kit';
import { useLocale, useSearchResources } from 'fhir-portal-kit/react';
import { PrefetchLink } from '../shell/PrefetchLink';
import { documentsQuery } from './queries';
import { UploadDocumentForm } from './UploadDocumentForm';
import { usePatient } from './usePatient';
import { useText } from '../i18n/useText';
import { healthRecordText } from './text';

/** The name a document goes by in lists and as its page's title; `fallback` when it has none. */
export function documentTitle(document: DocumentReference, fallback: string): string {
  return (
    document.description?.trim() ||
    formatCodeableConcept(document.type) ||
    document.content?.[0]?.attachment?.title ||
    fallback
  );
}

/** documents: the patient's documents (from the clinic and uploaded), newest first, and an upload form. */
export function DocumentsPage() {
  const { patientRef } = usePatient();
  const t = useText(healthRecordText);
  const locale = useLocale();
  const { data, loading, error, refetch } = useSearchResources(
    patientRef ? 'DocumentReference' : undefined,
    documentsQuery(patientRef ?? '')
  );
  return (
    <section aria-labelledby="documents-title">
      <h1 id="documents-title">{t.sections.documents}</h1>
      {loading && !data && <p role="status">{t.loading}</p>}
      {error && <p role="alert">{error.message}</p>}
      {data && data.length === 0 && <p>{t.noDocuments}</p>}
      {data && data.length > 0 && (
        <ul className="portal-list">
          {data.map((document) => (
            <li key={document.id}>
              <span>
                <PrefetchLink to={document.id!}>{documentTitle(document, t.document)}</PrefetchLink>
                <br />
                <span className="portal-list-meta">
                  {[formatDate(document.date, locale) || t.dateUnknown, formatReference(document.author?.[0])]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
      <UploadDocumentForm onUploaded={() => void refetch()} />
    </section>
  );
}
