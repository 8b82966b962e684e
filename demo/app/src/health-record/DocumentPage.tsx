import { formatCodeableConcept, formatDateTime, formatReference, type DocumentReference } from 'fhir-portal-kit';
import { AttachmentDisplay, StatusBadge, useFhirClient } from 'fhir-portal-kit/react';
import { Link, useParams } from 'react-router';
import { documentTitle } from './DocumentsPage';
import { NotFound } from './NotFound';
import { useRecord } from './useRecord';

/** documents/{documentId}: one document with its file previewed; a C-CDA shows Validate (the server's validator). */
export function DocumentPage() {
  const { documentId } = useParams();
  const client = useFhirClient();
  const { resource: document, notFound, error } = useRecord<DocumentReference>('DocumentReference', documentId);
  if (notFound) return <NotFound backTo="/health-record/documents" backLabel="Back to Documents" />;
  if (error) return <p role="alert">{error}</p>;
  if (!document) return <p role="status">Loading…</p>;
  const validatorUrl = new URL('ccda/validate', client.getBaseUrl()).toString();
  return (
    <article aria-labelledby="document-title">
      <p>
        <Link to="/health-record/documents">Back to Documents</Link>
      </p>
      <h1 id="document-title">{documentTitle(document)}</h1>
      <dl className="portal-details">
        <dt>Status</dt>
        <dd>
          <StatusBadge status={document.status} />
        </dd>
        <dt>Type</dt>
        <dd>{formatCodeableConcept(document.type) || 'Not given'}</dd>
        <dt>Date</dt>
        <dd>{formatDateTime(document.date) || 'Unknown'}</dd>
        <dt>Author</dt>
        <dd>{(document.author ?? []).map(formatReference).filter(Boolean).join(', ') || 'You'}</dd>
      </dl>
      {(document.content ?? []).map((content, i) => (
        <AttachmentDisplay
          key={i}
          attachment={content.attachment}
          ccdaValidatorUrl={validatorUrl}
          headingLevel={2}
          className="portal-document"
        />
      ))}
      {!document.content?.length && <p>This document has no file.</p>}
    </article>
  );
}
