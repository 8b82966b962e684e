import { forwardRef, useId, type HTMLAttributes, type ReactNode } from 'react';
import {
  formatAnnotation,
  formatCodeableConcept,
  formatDateTime,
  formatObservationValue,
  formatReference,
  formatReferenceRanges,
  getInterpretationFlag,
  type DiagnosticReport,
  type InterpretationFlag,
  type Observation,
} from '../../fhir';
import { StatusBadge } from './StatusBadge';
import { useDiagnosticReportResults } from './useDiagnosticReportResults';
import { slotClassName, type SlotClassNames } from '../primitives/classNames';
import { useLocale } from '../locale/LocaleContext';
import { useMessages } from '../locale/MessagesContext';

/** Every text the report view shows. */
export interface DiagnosticReportMessages {
  readonly test: string;
  readonly value: string;
  readonly referenceRange: string;
  readonly interpretation: string;
  readonly category: string;
  readonly performer: string;
  readonly status: string;
  /** Before the issued time. Default 'Issued'. */
  readonly issued: string;
  /** Before the performers of the report. Default 'Performed by'. */
  readonly performedBy: string;
  readonly specimens: string;
  readonly notes: string;
  readonly conclusion: string;
  /** A report without results. Default 'No results'. */
  readonly noResults: string;
  /** A result without a value. Default 'No value'. */
  readonly noValue: string;
  /** A result whose reference does not resolve. Default 'Not found'. */
  readonly notFound: string;
  readonly loading: string;
  /** The caption of the results table; `{report}` is the report's name. */
  readonly caption: string;
  /** The heading of a report without a code to name it. Default 'Diagnostic report'. */
  readonly untitled: string;
  /** The word for each interpretation flag, shown with its marker so the state never rests on colour alone. */
  readonly high: string;
  readonly low: string;
  readonly abnormal: string;
  /** A yes/no result. Defaults 'Yes' and 'No'. */
  readonly yes: string;
  readonly no: string;
  /** Words for status codes, over StatusBadge's own ('final' → 'Final'). */
  readonly statuses: Readonly<Record<string, string>>;
}

/** The default English texts. */
export const defaultDiagnosticReportMessages: DiagnosticReportMessages = {
  test: 'Test',
  value: 'Value',
  referenceRange: 'Reference Range',
  interpretation: 'Interpretation',
  category: 'Category',
  performer: 'Performer',
  status: 'Status',
  issued: 'Issued',
  performedBy: 'Performed by',
  specimens: 'Specimens',
  notes: 'Notes',
  conclusion: 'Conclusion',
  noResults: 'No results',
  noValue: 'No value',
  notFound: 'Not found',
  loading: 'Loading results…',
  caption: 'Results of {report}',
  untitled: 'Diagnostic report',
  high: 'High',
  low: 'Low',
  abnormal: 'Abnormal',
  yes: 'Yes',
  no: 'No',
  statuses: {},
};

/** The parts of the report view, each given the class `fpk-${slot}`. */
export type DiagnosticReportSlot =
  | 'report'
  | 'report-header'
  | 'report-title'
  | 'report-meta'
  | 'report-table'
  | 'report-row'
  | 'report-interpretation'
  | 'report-section'
  | 'report-empty';

/** Props of {@link DiagnosticReportDisplay}. */
export interface DiagnosticReportDisplayProps extends HTMLAttributes<HTMLElement> {
  /** The report to show. */
  readonly report: DiagnosticReport;
  /** The report's observations, when the app has them; otherwise they are loaded in one search. */
  readonly observations?: readonly Observation[];
  /** Heading level of the report's title. Default 2; sections use the next level. */
  readonly headingLevel?: 1 | 2 | 3 | 4 | 5;
  /** Dates in this locale; the provider's, else the browser's, by default. */
  readonly locale?: Intl.LocalesArgument;
  /** Replaces the texts. */
  readonly messages?: Partial<DiagnosticReportMessages>;
  /** Extra classes per part. */
  readonly classNames?: SlotClassNames<DiagnosticReportSlot>;
  /** Renders a result's test name, e.g. as a link to the observation. */
  readonly renderTest?: (observation: Observation, text: string) => ReactNode;
}

const MARKERS: Record<Exclude<InterpretationFlag, 'normal'>, string> = { high: '▲', low: '▼', abnormal: '!' };

/**
 * A diagnostic report: its header (name, status, issued, performer), the results table
 * (Test, Value, Reference Range, Interpretation, Category, Performer, Status), specimens and notes.
 * Abnormal results carry a marker and a word as well as colour (`data-flag` on the row).
 */
export const DiagnosticReportDisplay = /* @__PURE__ */ forwardRef<HTMLElement, DiagnosticReportDisplayProps>(
  function DiagnosticReportDisplay(
    {
      report,
      observations,
      headingLevel = 2,
      locale: localeProp,
      messages,
      classNames,
      renderTest,
      className,
      ...rest
    },
    ref
  ) {
    const locale = useLocale(localeProp);
    const t = useMessages('diagnosticReport', defaultDiagnosticReportMessages, messages);
    const cls = (slot: DiagnosticReportSlot) => slotClassName(slot, classNames);
    const { data: results, loading, error } = useDiagnosticReportResults(report, observations);
    const captionId = useId();
    const Heading = `h${headingLevel}` as 'h2';
    const SubHeading = `h${headingLevel + 1}` as 'h3';
    const title = formatCodeableConcept(report.code) || t.untitled;
    const issued = formatDateTime(report.issued, locale);
    const performers = (report.performer ?? []).map(formatReference).filter(Boolean).join(', ');
    const specimens = (report.specimen ?? []).map(formatReference).filter(Boolean);
    const notes = results.flatMap(({ observation }) =>
      (observation?.note ?? []).map((note) => ({
        test: formatCodeableConcept(observation?.code),
        text: formatAnnotation(note, locale),
      }))
    );

    return (
      <article {...rest} ref={ref} className={[cls('report'), className].filter(Boolean).join(' ')}>
        <header className={cls('report-header')}>
          <Heading className={cls('report-title')}>{title}</Heading>
          <p className={cls('report-meta')}>
            <StatusBadge status={report.status} messages={t.statuses} />
            {issued && (
              <span>
                {t.issued} {issued}
              </span>
            )}
            {performers && (
              <span>
                {t.performedBy} {performers}
              </span>
            )}
          </p>
        </header>
        {error ? (
          <p role="alert" className={cls('report-empty')}>
            {error.message}
          </p>
        ) : results.length === 0 ? (
          <p className={cls('report-empty')}>{t.noResults}</p>
        ) : loading ? (
          <p role="status" className={cls('report-empty')}>
            {t.loading}
          </p>
        ) : (
          // On a narrow screen the seven columns scroll inside this box, never the page; a named
          // region in the tab order, so keyboard users can scroll it too (axe: scrollable-region-focusable).
          <div className="fpk-table-scroll" role="region" tabIndex={0} aria-labelledby={captionId}>
            <table className={cls('report-table')}>
              <caption id={captionId} className="fpk-visually-hidden">
                {t.caption.replace('{report}', title)}
              </caption>
              <thead>
                <tr>
                  {[t.test, t.value, t.referenceRange, t.interpretation, t.category, t.performer, t.status].map((h) => (
                    <th key={h} scope="col">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {results.map(({ reference, observation }, i) => {
                  if (!observation) {
                    return (
                      <tr key={i} className={cls('report-row')} data-missing="">
                        <th scope="row">{formatReference(reference)}</th>
                        <td colSpan={6}>{t.notFound}</td>
                      </tr>
                    );
                  }
                  const flag = getInterpretationFlag(observation);
                  const abnormal = flag && flag !== 'normal' ? flag : undefined;
                  const test = formatCodeableConcept(observation.code) || formatReference(reference);
                  return (
                    <tr key={i} className={cls('report-row')} data-flag={abnormal}>
                      <th scope="row">{renderTest ? renderTest(observation, test) : test}</th>
                      <td>{formatObservationValue(observation, locale, t) || t.noValue}</td>
                      <td>{formatReferenceRanges(observation)}</td>
                      <td className={cls('report-interpretation')} data-flag={abnormal}>
                        {abnormal && <span aria-hidden="true">{MARKERS[abnormal]} </span>}
                        {(observation.interpretation ?? []).map(formatCodeableConcept).join(', ') ||
                          (abnormal ? t[abnormal] : '')}
                      </td>
                      <td>{(observation.category ?? []).map(formatCodeableConcept).join(', ')}</td>
                      <td>{(observation.performer ?? []).map(formatReference).join(', ')}</td>
                      <td>
                        <StatusBadge status={observation.status} messages={t.statuses} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {specimens.length > 0 && (
          <section className={cls('report-section')}>
            <SubHeading>{t.specimens}</SubHeading>
            <ul>
              {specimens.map((s, i) => (
                <li key={i}>{s}</li>
              ))}
            </ul>
          </section>
        )}
        {(notes.length > 0 || report.conclusion) && (
          <section className={cls('report-section')}>
            <SubHeading>{t.notes}</SubHeading>
            {report.conclusion && (
              <p>
                <strong>{t.conclusion}:</strong> {report.conclusion}
              </p>
            )}
            {notes.length > 0 && (
              <ul>
                {notes.map((n, i) => (
                  <li key={i}>
                    <strong>{n.test}:</strong> {n.text}
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
      </article>
    );
  }
);
