import { formatCodeableConcept, formatDate, formatReference, type DocumentReference } from 'fhir-portal-kit';
import { useSearchResources } from 'fhir-portal-kit/react';
import { PrefetchLink } from '../shell/PrefetchLink';
import { documentsQuery } from './queries';
import { UploadDocumentForm } from './UploadDocumentForm';
import { usePatient } from './usePatient';

/** The name a document goes by in lists and as its page's title. */
export function documentTitle(document: DocumentReference): string {
  return (
    document.description?.trim() ||
    formatCodeableConcept(document.type) ||
    document.content?.[0]?.attachment?.title ||
    'Document'
  );
}

/** documents: the patient's documents (from the clinic and uploaded), newest first, and an upload form. */
export function DocumentsPage() {
  const { patientRef } = usePatient();
  const { data, loading, error, refetch } = useSearchResources(
    patientRef ? 'DocumentReference' : undefined,
    documentsQuery(patientRef ?? '')
  );
  return (
    <section aria-labelledby="documents-title">
      <h1 id="documents-title">Documents</h1>
      {loading && !data && <p role="status">Loading…</p>}
      {error && <p role="alert">{error.message}</p>}
      {data && data.length === 0 && <p>No documents yet.</p>}
      {data && data.length > 0 && (
        <ul className="portal-list">
          {data.map((document) => (
            <li key={document.id}>
              <span>
                <PrefetchLink to={document.id!}>{documentTitle(document)}</PrefetchLink>
                <br />
                <span className="portal-list-meta">
                  {[formatDate(document.date) || 'Date unknown', formatReference(document.author?.[0])]
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
