import { createRoot } from 'react-dom/client';
import { ClientStorage, FhirClient, MemoryStorage } from '../../src/client';
import { FhirProvider, QuestionnaireForm } from '../../src/react';
import '../../src/styles/styles.css';
import '../../src/styles/controls.css';
import '../../src/styles/questionnaire.css';
import { generateQuestionnaire } from './generate';

// The page the benchmark drives: ?size=N renders a generated questionnaire and records the time
// from the start of rendering to the first paint of the complete form.
const size = Number(new URLSearchParams(location.search).get('size') ?? 100);
const questionnaire = generateQuestionnaire(size);
const client = new FhirClient({
  baseUrl: 'http://localhost/',
  fetch: async () => new Response('{}', { status: 404 }),
  storage: new ClientStorage(new MemoryStorage()),
});

const start = performance.now();
createRoot(document.getElementById('root')!).render(
  <FhirProvider client={client}>
    <QuestionnaireForm questionnaire={questionnaire} disablePagination />
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
