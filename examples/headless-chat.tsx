// Headless hooks with your own markup: a live conversation (useChat). The hook fetches the newest
// page, keeps it live through a subscription, marks incoming messages received and sends; it needs
// a FhirProvider and a NotificationsProvider (for the reconnect and error toasts).
import { participantsQuery, type Reference } from 'fhir-portal-kit';
import { useChat } from 'fhir-portal-kit/react';
import { useState, type FormEvent } from 'react';

export function MyConversation({ me, them }: { me: Reference; them: Reference }) {
  const chat = useChat({ query: participantsQuery(me, them), newMessage: { recipient: [them] } });
  const [text, setText] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // A failed send resolves false after a red 'Error' toast; the text stays for another try.
    if (await chat.send(text)) setText('');
  };

  if (chat.loading) return <p>Loading messages…</p>;
  return (
    <section aria-label="Conversation" data-connection={chat.connection}>
      {chat.hasOlder && (
        <button onClick={chat.loadOlder} disabled={chat.loadingOlder}>
          Older messages
        </button>
      )}
      <ol>
        {chat.data.map((message) => (
          <li key={message.id} data-own={message.sender?.reference === chat.profile || undefined}>
            {message.payload?.[0]?.contentString}
          </li>
        ))}
      </ol>
      <form onSubmit={submit}>
        <input aria-label="Message" value={text} onChange={(event) => setText(event.target.value)} />
        <button type="submit" disabled={!text.trim()}>
          Send
        </button>
      </form>
    </section>
  );
}
