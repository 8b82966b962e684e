import { ResourceAvatar, ResourceName, useSearchResources } from 'fhir-portal-kit/react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { CLINICIAN_ROLES, practitionerIds } from './careTeam';

/** messages/: the practitioners the patient can write to, the clinic's clinicians (a Name column); a row opens the chat. */
export function MessagesPage() {
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
      <h1 id="messages-title">Messages</h1>
      <p>Choose a member of your care team to message.</p>
      {loading && !data && <p role="status">Loading…</p>}
      {error && <p role="alert">{error.message}</p>}
      {data && data.length === 0 && <p>No practitioners found.</p>}
      {data && data.length > 0 && (
        <table className="portal-table" aria-labelledby="messages-title">
          <thead>
            <tr>
              <th scope="col">Name</th>
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
