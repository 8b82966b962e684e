import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Questionnaire } from '../../fhir';
import { createTestClient, fhirJson, withClient } from '../test-utils';
import { QuestionnaireForm } from './QuestionnaireForm';

// Counts when the FHIRPath engine's code is asked for, and holds idle callbacks until the test runs them.
const engine = vi.hoisted(() => ({ requested: 0, idle: [] as (() => void)[] }));
vi.mock('fhirpath', async (importOriginal) => {
  engine.requested++;
  return importOriginal();
});

// Loading FHIRPath's R4 model is slow on a busy shared machine.
vi.setConfig({ testTimeout: 30_000 });

const questionnaire: Questionnaire = {
  resourceType: 'Questionnaire',
  status: 'active',
  item: [
    { linkId: 'dose', text: 'Dose', type: 'integer' },
    {
      linkId: 'double',
      text: 'Double dose',
      type: 'integer',
      extension: [
        {
          url: 'http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-calculatedExpression',
          valueExpression: {
            language: 'text/fhirpath',
            expression: "%resource.item.where(linkId='dose').answer.value * 2",
          },
        },
      ],
    },
  ],
};

describe('a form with FHIRPath expressions', () => {
  beforeEach(() => {
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => engine.idle.push(callback));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('renders and takes typing at once, shows what waits for the engine, loads it when idle, then applies it', async () => {
    const user = userEvent.setup();
    const { container } = render(<QuestionnaireForm questionnaire={questionnaire} />, {
      wrapper: withClient(createTestClient(() => fhirJson({})).client),
    });
    const double = screen.getByLabelText('Double dose');
    expect(double).toHaveAccessibleDescription('Calculating…');
    expect(container.querySelector('[data-link-id="double"]')).toHaveAttribute('data-pending');
    expect(container.querySelector('[data-link-id="dose"]')).not.toHaveAttribute('data-pending');

    await user.type(screen.getByLabelText('Dose'), '4');
    expect(screen.getByLabelText('Dose')).toHaveValue(4);
    expect(engine.requested).toBe(0);

    // The page is idle: the engine loads, and the expression applies to what was typed.
    engine.idle.splice(0).forEach((callback) => callback());
    await waitFor(() => expect(screen.getByLabelText('Double dose')).toHaveValue(8), { timeout: 20_000 });
    expect(engine.requested).toBe(1);
    expect(screen.getByLabelText('Double dose')).not.toHaveAccessibleDescription('Calculating…');
    expect(container.querySelector('[data-link-id="double"]')).not.toHaveAttribute('data-pending');
    expect(screen.queryByText('Calculating…')).not.toBeInTheDocument();
  });
});
