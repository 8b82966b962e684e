import type { Questionnaire, QuestionnaireResponse } from 'fhir-portal-kit';
import { QuestionnaireForm, useFhirClient, useNotifications, useProfile } from 'fhir-portal-kit/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useText } from '../i18n/useText';
import { useSavedOnDevice } from '../offline/useSavedOnDevice';
import { createDraftSaver } from './draft-saves';
import { questionnaireText } from './questionnaire-text';

/** Below the browsers' 64 KB keepalive budget, with room for the headers. */
const KEEPALIVE_LIMIT = 60_000;

/**
 * A questionnaire the patient fills in with drafts kept on the server: their in-progress response
 * to it is looked up first (the form offers to resume it), answers are saved as they type
 * (created once, then updated), and the submit completes that same response. Offline, the saves
 * and the submit wait on the device as one create (draft-saves.ts), and the submit says so.
 */
export function DraftedQuestionnaireForm({
  questionnaire,
  onSubmitted,
}: {
  questionnaire: Questionnaire;
  onSubmitted: () => void;
}) {
  const client = useFhirClient();
  const profile = useProfile();
  const notifications = useNotifications();
  const savedOnDevice = useSavedOnDevice();
  const t = useText(questionnaireText);
  const me = profile ? `${profile.resourceType}/${profile.id}` : undefined;
  // The canonical the form writes into QuestionnaireResponse.questionnaire (its url, or its reference).
  const canonical = questionnaire.url ?? (questionnaire.id ? `Questionnaire/${questionnaire.id}` : undefined);
  const lookupKey = me && canonical ? `${me}|${canonical}` : undefined;
  const [found, setFound] = useState<{ key: string; draft?: QuestionnaireResponse }>();

  useEffect(() => {
    if (!lookupKey || !me || !canonical) return;
    const controller = new AbortController();
    // Asked of the server every time (no cached answer): a draft completed since must not come back.
    client
      .searchOne(
        'QuestionnaireResponse',
        { subject: me, questionnaire: canonical, status: 'in-progress', _sort: '-_lastUpdated' },
        { signal: controller.signal, cache: 'reload' }
      )
      .then(
        (draft) => setFound({ key: lookupKey, draft }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          // Without the lookup the form still works; it starts empty and saves a new draft.
          console.error('Looking up the saved answers failed', error);
          setFound({ key: lookupKey });
        }
      );
    return () => controller.abort();
  }, [client, lookupKey, me, canonical]);

  // A response with an id is the saved draft: update it; the first save creates it. Sent with
  // keepalive when small enough (browsers cap it at 64 KB), so the save the form flushes as the page
  // is hidden or reloaded still arrives after the page is gone.
  // One saver per form (and client): it remembers the create still queued offline.
  const save = useMemo(() => {
    // A new saver per form opened (another questionnaire's queued create is not this one's).
    void lookupKey;
    return createDraftSaver(client);
  }, [client, lookupKey]);
  const store = useCallback(
    (response: QuestionnaireResponse) =>
      save(response, { keepalive: JSON.stringify(response).length < KEEPALIVE_LIMIT }),
    [save]
  );

  const submit = async (response: QuestionnaireResponse) => {
    try {
      savedOnDevice(await store(response));
    } catch (error) {
      notifications.showError(error);
      throw error;
    }
    onSubmitted();
  };

  if (!me || !found || found.key !== lookupKey) return <p role="status">{t.loading}</p>;
  const subject = { reference: me };
  return (
    <QuestionnaireForm
      questionnaire={questionnaire}
      draft={found.draft}
      onSaveDraft={store}
      subject={subject}
      source={subject}
      headingLevel={1}
      onSubmit={submit}
    />
  );
}
