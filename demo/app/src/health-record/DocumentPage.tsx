import { formatCodeableConcept, formatDateTime, formatReference, type DocumentReference } from 'fhir-portal-kit';
import { AttachmentDisplay, StatusBadge, useFhirClient, useLocale } from 'fhir-portal-kit/react';
import { Link, useParams } from 'react-router';
import { documentTitle } from './DocumentsPage';
import { NotFound } from './NotFound';
import { useRecord } from './useRecord';
import { useText } from '../i18n/useText';
import { healthRecordText } from './text';

/** documents/{documentId}: one document with its file previewed; a C-CDA shows Validate (the server's validator). */
export function DocumentPage() {
  const { documentId } = useParams();
  const t = useText(healthRecordText);
  const locale = useLocale();
  const client = useFhirClient();
  const { resource: document, notFound, error } = useRecord<DocumentReference>('DocumentReference', documentId);
  if (notFound) return <NotFound backTo="/health-record/documents" backLabel={t.back.documents} />;
  if (error) return <p role="alert">{error}</p>;
  if (!document) return <p role="status">{t.loading}</p>;
  const validatorUrl = new URL('ccda/validate', client.getBaseUrl()).toString();
  return (
    <article aria-labelledby="document-title">
      <p>
        <Link to="/health-record/documents">{t.back.documents}</Link>
      </p>
      <h1 id="document-title">{documentTitle(document, t.document)}</h1>
      <dl className="portal-details">
        <dt>{t.status}</dt>
        <dd>
          <StatusBadge status={document.status} />
        </dd>
        <dt>{t.type}</dt>
        <dd>{formatCodeableConcept(document.type) || t.notGiven}</dd>
        <dt>{t.date}</dt>
        <dd>{formatDateTime(document.date, locale) || t.unknown}</dd>
        <dt>{t.author}</dt>
        <dd>{(document.author ?? []).map(formatReference).filter(Boolean).join(', ') || t.you}</dd>
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
      {!document.content?.length && <p>{t.noFile}</p>}
    </article>
  );
}
