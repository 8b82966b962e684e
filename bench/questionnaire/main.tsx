import { createRoot } from 'react-dom/client';
import { ClientStorage, FhirClient, MemoryStorage } from '../../src/client';
import { FhirProvider, QuestionnaireForm } from '../../src/react';
import '../../src/styles/styles.css';
import '../../src/styles/controls.css';
import '../../src/styles/questionnaire.css';
import type { QuestionnaireResponse } from '../../src/fhir';
import { generateQuestionnaire } from './generate';

// The page the benchmark drives: ?size=N renders a generated questionnaire and records the time
// from the start of rendering to the first paint of the complete form.
const params = new URLSearchParams(location.search);
const size = Number(params.get('size') ?? 100);
// ?drafts=1 saves drafts as a portal would (1 s after the last change), into a counter: the bench
// compares typing with drafts on and off, and counts the saves.
const drafts = params.get('drafts') === '1';
(window as any).draftSaves = 0;
const saveDraft = async (response: QuestionnaireResponse) => {
  (window as any).draftSaves++;
  return { ...response, id: response.id ?? 'draft-1' };
};
const questionnaire = generateQuestionnaire(size);
const client = new FhirClient({
  baseUrl: 'http://localhost/',
  fetch: async () => new Response('{}', { status: 404 }),
  storage: new ClientStorage(new MemoryStorage()),
});

// The zero-work baseline: a plain uncontrolled input outside React, on the same page as the form,
// so the keydown-to-paint floor of this page (frame alignment, style and layout of its DOM) can
// be told apart from what the form adds.
const baseline = document.createElement('input');
baseline.setAttribute('aria-label', 'Baseline (plain input)');
// Fixed and sized, so typing into it lays out nothing around it.
baseline.style.cssText = 'position: fixed; top: 0; right: 0; width: 12em;';
document.body.prepend(baseline);

const start = performance.now();
createRoot(document.getElementById('root')!).render(
  <FhirProvider client={client}>
    <QuestionnaireForm questionnaire={questionnaire} disablePagination onSaveDraft={drafts ? saveDraft : undefined} />
  </FhirProvider>
);
// Every group (sections of 20 plus the follow-up group) in the DOM means the whole form is there.
const groups = Math.ceil(size / 20) + 1;
const waitForForm = () => {
  if (document.querySelectorAll('.fpk-questionnaire-group').length >= groups) {
    requestAnimationFrame(() => setTimeout(() => ((window as any).renderMs = performance.now() - start)));
  } else {
    requestAnimationFrame(waitForForm);
  }
};
waitForForm();
