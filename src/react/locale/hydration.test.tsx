import { act, render, screen, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import type { Communication, DiagnosticReport, Observation, ObservationSeries } from '../../fhir';
// The components as a page imports them: the React entry.
import {
  BaseChat,
  DiagnosticReportDisplay,
  FhirProvider,
  MonthCalendar,
  ObservationChart,
  preloadObservationChart,
} from '..';
import { createTestClient, fhirJson } from '../test-utils';
import { restoreRuntimeLocale, setRuntimeLocale } from './testUtils';

const client = createTestClient(() => fhirJson({}, 404)).client;

const series: ObservationSeries[] = [
  {
    label: 'Weight',
    points: [
      { date: '2024-05-01T12:00:00Z', value: 81.5 },
      { date: '2024-06-01T12:00:00Z', value: 80.25 },
    ],
  },
];
const glucose: Observation = {
  resourceType: 'Observation',
  id: 'glucose',
  status: 'final',
  code: { text: 'Glucose' },
  valueQuantity: { value: 5.4, unit: 'mmol/L' },
};
const report: DiagnosticReport = {
  resourceType: 'DiagnosticReport',
  id: 'r1',
  status: 'final',
  code: { text: 'Metabolic panel' },
  issued: '2024-05-02T12:05:00Z',
  result: [{ reference: 'Observation/glucose' }],
};
const conversation: Communication[] = [
  {
    resourceType: 'Communication',
    id: 'm1',
    status: 'completed',
    sent: '2026-03-09T12:00:00Z',
    sender: { reference: 'Practitioner/2', display: 'Dr. Hibbert' },
    payload: [{ contentString: 'Your results are in.' }],
  },
];

/** A portal page with a component of each formatting family, none given a locale. */
function Page() {
  return (
    <FhirProvider client={client}>
      <ObservationChart title="Weight" series={series} unit="kg" width={600} />
      <DiagnosticReportDisplay report={report} observations={[glucose]} />
      <BaseChat title="Dr. Hibbert" communications={conversation} profile="Patient/1" />
      <MonthCalendar aria-label="Date" month={new Date('2026-03-01T00:00:00Z')} timeZone="UTC" />
    </FhirProvider>
  );
}

// jsdom has no ResizeObserver; the chart's tooltip and the chat's list measure with one.
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

// The hydrated page, taken down after each test even when an assertion failed.
let hydrated: { root: Root; container: HTMLElement } | undefined;

afterEach(() => {
  if (hydrated) {
    const { root, container } = hydrated;
    act(() => root.unmount());
    container.remove();
    hydrated = undefined;
  }
  restoreRuntimeLocale();
  vi.restoreAllMocks();
});

describe('a page rendered on an en-US server and hydrated in a fr-FR browser', () => {
  it('hydrates without a mismatch, then shows French dates and numbers', async () => {
    // The chart's drawing loads on demand; a server that has it loaded renders it too.
    await preloadObservationChart();
    setRuntimeLocale('en-US');
    const html = renderToString(<Page />);
    expect(html).toContain('Issued<!-- --> <!-- -->May 2, 2024');
    expect(html).toContain('March 2026');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);

    setRuntimeLocale('fr-FR');
    const onRecoverableError = vi.fn();
    const consoleError = vi.spyOn(console, 'error');
    await act(async () => {
      hydrated = { root: hydrateRoot(container, <Page />, { onRecoverableError }), container };
    });

    // React reports a text or attribute that differs from the server's through these two.
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    // Then the page re-renders in the browser's locale.
    expect(screen.getByRole('figure', { name: 'Weight' })).toHaveAccessibleDescription(
      /^Weight: 2 measurements from 1 mai 2024, \d\d:\d\d to 1 juin 2024, \d\d:\d\d, lowest 80,25 kg, highest 81,5 kg, latest 80,25 kg\.$/
    );
    expect(screen.getByText(/^Issued 2 mai 2024, \d\d:\d\d$/)).toBeInTheDocument();
    expect(within(screen.getByRole('log', { name: 'Messages' })).getByText('9 mars 2026')).toBeInTheDocument();
    const calendar = screen.getByRole('grid', { name: 'mars 2026' });
    expect(
      within(calendar)
        .getAllByRole('columnheader', { hidden: true })
        .map((header) => header.textContent)
    ).toEqual(['LUN.', 'MAR.', 'MER.', 'JEU.', 'VEN.', 'SAM.', 'DIM.']);
  });
});

describe('FhirProvider locale', () => {
  it("formats every component below it in its locale, and a component's own locale prop wins", () => {
    setRuntimeLocale('en-US');
    render(
      <FhirProvider client={client} locale="fr-FR">
        <DiagnosticReportDisplay report={report} observations={[glucose]} />
        <MonthCalendar aria-label="Date" month={new Date('2026-03-01T00:00:00Z')} timeZone="UTC" locale="en-GB" />
      </FhirProvider>
    );
    expect(screen.getByText(/^Issued 2 mai 2024, \d\d:\d\d$/)).toBeInTheDocument();
    const calendar = screen.getByRole('grid', { name: 'March 2026' });
    // en-GB: English words, the week from Monday.
    expect(
      within(calendar)
        .getAllByRole('columnheader', { hidden: true })
        .map((header) => header.textContent)
    ).toEqual(['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN']);
  });
});
