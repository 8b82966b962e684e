// Headless hooks with your own markup: a questionnaire (useQuestionnaire + useQuestionnaireItem).
// The engine owns the answers; each field subscribes to its own item, so typing re-renders one field.
import type { Questionnaire, QuestionnaireResponse, QuestionnaireStore } from 'fhir-portal-kit';
import { useQuestionnaire, useQuestionnaireItem } from 'fhir-portal-kit/react';

function TextQuestion({ store, itemKey }: { store: QuestionnaireStore; itemKey: string }) {
  const item = useQuestionnaireItem(store, itemKey);
  if (!item || !item.enabled || item.hidden || item.type === 'group' || item.type === 'display') return null;
  return (
    <label style={{ display: 'block' }}>
      {item.text}
      <input
        value={item.answers[0]?.valueString ?? ''}
        onChange={(event) =>
          store.setAnswer(itemKey, event.target.value ? { valueString: event.target.value } : undefined)
        }
      />
    </label>
  );
}

export function MyQuestionnaire({
  questionnaire,
  onSubmit,
}: {
  questionnaire: Questionnaire;
  onSubmit: (response: QuestionnaireResponse) => void;
}) {
  const { store, loading, error, refetch } = useQuestionnaire({ questionnaire });
  if (error) {
    return (
      <p role="alert">
        {error.message}{' '}
        <button type="button" onClick={() => void refetch()}>
          Try again
        </button>
      </p>
    );
  }
  if (loading || !store) return <p>Loading…</p>;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (store.attemptSubmit().length === 0) onSubmit(store.buildResponse());
      }}
    >
      {store.getKeys().map((key) => (
        <TextQuestion key={key} store={store} itemKey={key} />
      ))}
      <button type="submit">Send</button>
    </form>
  );
}
