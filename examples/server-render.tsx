// A server render, as a Next.js page or any React server does it: the provider and a
// questionnaire render to HTML on the server; the browser hydrates the same tree.
import { FhirClient, type Questionnaire } from 'fhir-portal-kit';
import { FhirProvider, QuestionnaireForm } from 'fhir-portal-kit/react';
import { renderToString } from 'react-dom/server';

const intake: Questionnaire = {
  resourceType: 'Questionnaire',
  status: 'active',
  title: 'Before your visit',
  item: [
    { linkId: 'reason', text: 'Reason for the visit', type: 'string', required: true },
    { linkId: 'allergies', text: 'Any allergies?', type: 'boolean' },
  ],
};

/** The page: on a server no request is made, as the questionnaire is given, not referenced. */
export function IntakePage({ client }: { client: FhirClient }) {
  return (
    <FhirProvider client={client}>
      <main>
        <QuestionnaireForm questionnaire={intake} />
      </main>
    </FhirProvider>
  );
}

/** Renders the page to HTML, as a server does for the first request. */
export function renderIntakePage(): string {
  const client = new FhirClient({ baseUrl: 'https://fhir.example.org/' });
  return renderToString(<IntakePage client={client} />);
}
