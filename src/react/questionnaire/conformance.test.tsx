import { render, screen, waitFor } from '@testing-library/react';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { Questionnaire } from '../../fhir';
import { createQuestionnaireStore } from '../../questionnaire';
import { QUESTIONNAIRE_FIXTURES } from '../../questionnaire/fixtures';
import { ErrorBoundary } from '../errors';
import { createTestClient, fhirJson, withClient } from '../test-utils';
import { QuestionnaireForm } from './QuestionnaireForm';

// The real-world questionnaires of fixtures/questionnaires (a snapshot of ../shared/fixtures, SOURCES.md there): each renders without the
// error boundary firing and shows every enabled, visible question the engine knows of. Value
// sets answer 404 here, as an unreachable terminology server would: those items show their own
// error and the rest of the form still renders.
const FIXTURES = QUESTIONNAIRE_FIXTURES;
const files = readdirSync(FIXTURES).filter((f) => f.endsWith('.json'));

/** linkIds of the questions the engine says are visible, as the form would show them. */
function visibleQuestionLinkIds(questionnaire: Questionnaire): string[] {
  const store = createQuestionnaireStore(questionnaire, { log: () => undefined, loadFhirPath: undefined });
  return store
    .getKeys()
    .map((key) => store.getItemState(key)!)
    .filter(
      (state) => state.visible && state.type !== 'group' && state.type !== 'display' && isShown(store, state.parentKey)
    )
    .map((state) => state.linkId);
}

function isShown(store: ReturnType<typeof createQuestionnaireStore>, key: string | undefined): boolean {
  for (let k = key; k; k = store.getItemState(k)?.parentKey) {
    if (!store.getItemState(k)?.visible) return false;
  }
  return true;
}

describe('the real-world questionnaires', () => {
  it('includes every fixture', () => {
    expect(files.length).toBeGreaterThanOrEqual(24);
  });

  describe.each(files)('%s', (file) => {
    it('renders every visible question without the error boundary firing', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const questionnaire = JSON.parse(readFileSync(join(FIXTURES, file), 'utf8')) as Questionnaire;
      const { client } = createTestClient(() =>
        fhirJson(
          {
            resourceType: 'OperationOutcome',
            issue: [{ severity: 'error', code: 'not-found', details: { text: 'Not found' } }],
          },
          404
        )
      );
      const { container } = render(
        <ErrorBoundary>
          <QuestionnaireForm questionnaire={questionnaire} disablePagination />
        </ErrorBoundary>,
        { wrapper: withClient(client) }
      );
      await waitFor(() => expect(container.querySelector('.fpk-questionnaire')).not.toBeNull());
      expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
      expect(screen.queryByText('This questionnaire cannot be shown')).not.toBeInTheDocument();
      // Without FHIRPath loaded, expression-driven visibility is the engine's initial one in both.
      const shown = [...container.querySelectorAll('[data-link-id]')].map((el) => el.getAttribute('data-link-id'));
      const expected = visibleQuestionLinkIds(questionnaire);
      await waitFor(() => expect(new Set(shown)).toEqual(new Set(expected)));
    });
  });
});
