import { formatDateTime, getReferenceString } from 'fhir-portal-kit';
import { useLocale, useProfile, useSearchResources, useSubscription } from 'fhir-portal-kit/react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { groupConversations } from './conversations';
import { useText } from '../i18n/useText';
import { staffText } from './text';

/** /staff: the practitioner's inbox, one row per patient conversation, newest first, unread counts live. */
export function InboxPage() {
  const profile = useProfile();
  const t = useText(staffText);
  const locale = useLocale();
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
      <h1 id="inbox-title">{t.inbox}</h1>
      {loading && !data && <p role="status">{t.loading}</p>}
      {error && <p role="alert">{error.message}</p>}
      {data && conversations.length === 0 && <p>{t.noConversations}</p>}
      {conversations.length > 0 && (
        <table className="portal-table" aria-labelledby="inbox-title">
          <thead>
            <tr>
              <th scope="col">{t.patient}</th>
              <th scope="col">{t.lastMessage}</th>
              <th scope="col">{t.sent}</th>
              <th scope="col">{t.unread}</th>
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
                <td>{conversation.last.sent ? formatDateTime(conversation.last.sent, locale) : ''}</td>
                <td>
                  {conversation.unread > 0 ? (
                    <span className="portal-unread" aria-label={t.unreadCount(conversation.unread)}>
                      {conversation.unread}
                    </span>
                  ) : (
                    <span aria-label={t.unreadCount(0)}>–</span>
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
