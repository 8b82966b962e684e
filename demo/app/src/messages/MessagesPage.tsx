import { ResourceAvatar, ResourceName, useSearchResources } from 'fhir-portal-kit/react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useText } from '../i18n/useText';
import { CLINICIAN_ROLES, practitionerIds } from './careTeam';
import { messagesText } from './text';

/** messages/: the practitioners the patient can write to, the clinic's clinicians (a Name column); a row opens the chat. */
export function MessagesPage() {
  const t = useText(messagesText);
  const roles = useSearchResources('PractitionerRole', CLINICIAN_ROLES);
  const ids = useMemo(() => (roles.data ? practitionerIds(roles.data) : undefined), [roles.data]);
  const practitioners = useSearchResources(ids?.length ? 'Practitioner' : undefined, {
    _id: ids?.join(',') ?? '',
    _count: '100',
  });
  const data = ids && ids.length === 0 ? [] : practitioners.data;
  const loading = roles.loading || practitioners.loading;
  const error = roles.error ?? practitioners.error;
  return (
    <div className="portal-container portal-content">
      <h1 id="messages-title">{t.title}</h1>
      <p>{t.choose}</p>
      {loading && !data && <p role="status">{t.loading}</p>}
      {error && <p role="alert">{error.message}</p>}
      {data && data.length === 0 && <p>{t.noPractitioners}</p>}
      {data && data.length > 0 && (
        <table className="portal-table" aria-labelledby="messages-title">
          <thead>
            <tr>
              <th scope="col">{t.name}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((practitioner) => (
              <tr key={practitioner.id}>
                <td>
                  <Link to={`/messages/${practitioner.id}`} className="portal-person-link">
                    <ResourceAvatar value={practitioner} alt="" size={32} />
                    <ResourceName value={practitioner} />
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
