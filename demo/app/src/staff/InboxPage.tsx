import { formatDateTime, getReferenceString } from 'fhir-portal-kit';
import { useProfile, useSearchResources, useSubscription } from 'fhir-portal-kit/react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { groupConversations } from './conversations';

/** /staff: the practitioner's inbox, one row per patient conversation, newest first, unread counts live. */
export function InboxPage() {
  const profile = useProfile();
  const me = profile ? getReferenceString(profile) : undefined;
  const { data, loading, error, refetch } = useSearchResources(me ? 'Communication' : undefined, {
    _sort: '-sent',
    'sent:missing': 'false',
    _count: 1000,
  });
  // A message to me, or one of mine marked received, changes the counts: search again.
  useSubscription(me ? `Communication?recipient=${me}` : undefined, () => void refetch());
  useSubscription(me ? `Communication?sender=${me}` : undefined, () => void refetch());
  const conversations = useMemo(() => groupConversations(data ?? [], me), [data, me]);
  return (
    <div className="portal-container portal-content">
      <h1 id="inbox-title">Inbox</h1>
      {loading && !data && <p role="status">Loading…</p>}
      {error && <p role="alert">{error.message}</p>}
      {data && conversations.length === 0 && <p>No conversations yet.</p>}
      {conversations.length > 0 && (
        <table className="portal-table" aria-labelledby="inbox-title">
          <thead>
            <tr>
              <th scope="col">Patient</th>
              <th scope="col">Last message</th>
              <th scope="col">Sent</th>
              <th scope="col">Unread</th>
            </tr>
          </thead>
          <tbody>
            {conversations.map((conversation) => (
              <tr key={conversation.patientId} data-unread={conversation.unread > 0 || undefined}>
                <td>
                  <Link to={`/staff/messages/${conversation.patientId}`}>
                    {conversation.patient.display ?? conversation.patient.reference}
                  </Link>
                </td>
                <td>{conversation.last.payload?.[0]?.contentString ?? ''}</td>
                <td>{conversation.last.sent ? formatDateTime(conversation.last.sent) : ''}</td>
                <td>
                  {conversation.unread > 0 ? (
                    <span className="portal-unread" aria-label={`${conversation.unread} unread`}>
                      {conversation.unread}
                    </span>
                  ) : (
                    <span aria-label="0 unread">–</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
