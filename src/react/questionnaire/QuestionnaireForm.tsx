import {
  forwardRef,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type HTMLAttributes,
  type Ref,
} from 'react';
import type { QuestionnaireResponse } from '../../fhir';
import { translatedText, type QuestionnaireDrafts, type QuestionnaireStore } from '../../questionnaire';
import type { QuestionnaireClassNames } from './classNames';
import { itemId, QuestionnaireFormContext, type QuestionnaireFormContextValue } from './context';
import { type QuestionnaireFormMessages } from './messages';
import { useQuestionnaireFormMessages } from './useQuestionnaireFormMessages';
import {
  QuestionnaireClassContext,
  useQuestionnaireClassNameOf,
  useQuestionnaireCn,
} from './questionnaireClassContext';
import { QuestionnaireItemView } from './QuestionnaireItemView';
import { LazySignaturePad } from './LazySignaturePad';
import { loadDrafts } from './useQuestionnaireDrafts';
import { describeLoadError, QuestionnaireFatal } from './QuestionnaireFatal';
import { useLocale } from '../locale/LocaleContext';
import { useErrorText } from '../locale/useErrorText';
import { useOnDemand } from '../primitives/onDemand';
import { optionKeys, splitProps } from '../primitives/splitProps';
import { pickerKind } from './inputs/inputKind';
import { preloadPickers } from './inputs/LazyPicker';
import { useQuestionnaire, type UseQuestionnaireOptions } from './useQuestionnaire';
import { useQuestionnaireFormState } from './useQuestionnaireItem';
import { useFhirClient } from '../FhirProvider';
import { LazyQueuedSubmitStatus, queuedSubmitEntry } from './queuedSubmit';

/**
 * Props of {@link QuestionnaireForm}; other HTML attributes go to its root element. The response
 * is controlled through `value`/`onValueChange` or uncontrolled from `defaultValue`.
 */
export interface QuestionnaireFormProps
  extends
    UseQuestionnaireOptions,
    Omit<HTMLAttributes<HTMLDivElement>, 'onChange' | 'onSubmit' | 'children' | 'defaultValue'> {
  /** Label of the submit button. */
  submitButtonText?: string;
  /** Leaves out Back, Next and Submit (a host drives the form, e.g. a wizard). */
  excludeButtons?: boolean;
  /** Shows a paged questionnaire as one long form. */
  disablePagination?: boolean;
  /**
   * Called with the completed response. It may return any promise (`client.createResource(r)`
   * as is): the form waits for it, and a rejected one keeps every answer in place. With drafts
   * it carries the draft's id, so storing it updates the draft rather than adds a response.
   */
  onSubmit?: (response: QuestionnaireResponse) => unknown;
  /** Replaces any user-visible text. */
  messages?: Partial<QuestionnaireFormMessages>;
  /**
   * Locale of the dates and numbers the form shows and the form's language (the questionnaire's
   * translations, $expand's displayLanguage, the response's `language`); the provider's, else
   * the browser's, when absent.
   */
  locale?: string;
  /** Heading level of the questionnaire title; groups go one level down. Default 2. */
  headingLevel?: 1 | 2 | 3 | 4 | 5;
  /** Signature pad size, 500×200 by default. */
  signatureWidth?: number;
  signatureHeight?: number;
  className?: string;
  /** Class names per part, added after the default `fpk-…` class of each (see QuestionnaireSlot). */
  classNames?: QuestionnaireClassNames;
}

/** The form's own props, apart from the HTML attributes its root takes. */
type OwnProps = Omit<
  QuestionnaireFormProps,
  Exclude<keyof HTMLAttributes<HTMLDivElement>, 'className' | 'onChange' | 'onSubmit' | 'defaultValue'>
>;

// The form's own props; everything else goes to its root element.
const FORM_OPTIONS = optionKeys<OwnProps>()([
  'questionnaire',
  'questionnaireResponse',
  'value',
  'defaultValue',
  'onValueChange',
  'subject',
  'encounter',
  'source',
  'variables',
  'optionsDisplayLimit',
  'onChange',
  'draft',
  'onSaveDraft',
  'draftDelay',
  'submitButtonText',
  'excludeButtons',
  'disablePagination',
  'onSubmit',
  'messages',
  'locale',
  'headingLevel',
  'signatureWidth',
  'signatureHeight',
  'className',
  'classNames',
]);

/** What the root element gets in every state (loading, failed, the form). */
interface RootProps {
  readonly attributes: HTMLAttributes<HTMLDivElement>;
  readonly rootRef: Ref<HTMLDivElement>;
}

/**
 * Renders a FHIR Questionnaire and hands the QuestionnaireResponse to onSubmit. The ref is the
 * root element, the same in every state (loading, failed, the form).
 */
export const QuestionnaireForm = /* @__PURE__ */ forwardRef<HTMLDivElement, QuestionnaireFormProps>(
  function QuestionnaireForm(props, ref) {
    const [own, attributes] = splitProps(props, FORM_OPTIONS);
    const { messages: messagesProp, className, classNames } = own;
    const messages = useQuestionnaireFormMessages(messagesProp);
    // The engine's texts are among the form's messages: the engine is built with them.
    const q = useQuestionnaire({ ...own, messages });
    const { store, loading, error } = q;
    const locale = useLocale(own.locale);
    const errorText = useErrorText();
    const cn = useQuestionnaireClassNameOf(classNames);
    // After the resume question the form's title takes focus, so focus is not lost with its buttons.
    const [chose, setChose] = useState(false);
    // The resume offer comes with the drafts chunk, fetched only when a draft is given. Should it
    // not load, the draft's answers are kept: the form continues from them.
    const resumeChunk = useOnDemand(loadDrafts, q.resumePending);
    const { resumePending, resumeDraft } = q;
    useEffect(() => {
      if (resumeChunk.failed && resumePending) resumeDraft();
    }, [resumeChunk.failed, resumePending, resumeDraft]);
    let body;
    if (error) {
      body = (
        <QuestionnaireFatal
          detail={describeLoadError(error, messages, errorText)}
          messages={messages}
          onRetry={() => void q.refetch()}
          className={className}
          attributes={attributes}
          rootRef={ref}
        />
      );
    } else if (q.resumePending && q.questionnaire && resumeChunk.module) {
      const { QuestionnaireResume } = resumeChunk.module;
      body = (
        <QuestionnaireResume
          title={translatedText(q.questionnaire.title, q.questionnaire._title, locale) ?? q.questionnaire.name}
          headingLevel={own.headingLevel ?? 2}
          messages={messages}
          onResume={() => (setChose(true), q.resumeDraft())}
          onStartOver={() => (setChose(true), q.startOver())}
          className={className}
          attributes={attributes}
          rootRef={ref}
        />
      );
    } else if (loading || !store || q.resumePending) {
      body = (
        <div {...attributes} ref={ref} className={cn('questionnaire-loading', className)} role="status">
          {messages.loadingQuestionnaire}
        </div>
      );
    } else
      body = (
        <QuestionnaireFormBody
          {...own}
          store={store}
          drafts={q.drafts}
          focusTitle={chose}
          messages={messages}
          locale={locale}
          attributes={attributes}
          rootRef={ref}
        />
      );
    return <QuestionnaireClassContext.Provider value={cn}>{body}</QuestionnaireClassContext.Provider>;
  }
);

function QuestionnaireFormBody(
  props: Omit<OwnProps, 'messages'> &
    RootProps & {
      store: QuestionnaireStore;
      drafts?: QuestionnaireDrafts;
      focusTitle?: boolean;
      messages: QuestionnaireFormMessages;
      locale: string;
    }
) {
  const { store, messages, headingLevel = 2, disablePagination, excludeButtons, attributes, rootRef } = props;
  const cn = useQuestionnaireCn();
  const errorText = useErrorText();
  const form = useQuestionnaireFormState(store);
  // Drafts exist once their chunk has loaded, and the status line came with it.
  const DraftStatus = props.drafts && loadDrafts.loaded?.QuestionnaireDraftStatus;
  const formRef = useRef<HTMLFormElement>(null);
  const pageHeadingRef = useRef<HTMLParagraphElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const idPrefix = useId().replace(/:/g, '');
  const formId = `${idPrefix}-form`;
  const context = useMemo<QuestionnaireFormContextValue>(
    () => ({
      store,
      messages,
      locale: props.locale,
      headingLevel: headingLevel + 1,
      subject: props.subject,
      encounter: props.encounter,
      idPrefix,
      formId,
      submitAttempted: form.submitAttempted,
    }),
    [
      store,
      messages,
      props.locale,
      headingLevel,
      props.subject,
      props.encounter,
      idPrefix,
      formId,
      form.submitAttempted,
    ]
  );
  const pages = !disablePagination ? form.pages : undefined;
  const current = form.currentPage;
  const firstRender = useRef(true);
  const [submitError, setSubmitError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const client = useFhirClient();
  // The outbox entry of a submit kept on the device (offline option), shown instead of an error.
  const [queued, setQueued] = useState<string>();

  // A form with a picker item anywhere (hidden, disabled or on a later page included) loads the
  // pickers' code once the page is idle, so it is there by the time one is used.
  useEffect(() => {
    if (store.getKeys().some((key) => pickerKind(store.getItemState(key)!))) preloadPickers();
  }, [store]);

  useEffect(() => {
    if (props.focusTitle) titleRef.current?.focus();
    // Once, when the form replaces the resume question.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Moving between pages moves focus to the new page's step title, so screen readers follow.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    pageHeadingRef.current?.focus();
  }, [current]);

  if (form.fatalError) {
    return (
      <QuestionnaireFatal
        detail={form.fatalError}
        messages={messages}
        className={props.className}
        attributes={attributes}
        rootRef={rootRef}
      />
    );
  }

  const Title = `h${headingLevel}` as 'h2';
  const enabledPages = pages?.map((page, index) => ({ ...page, index })).filter((page) => page.enabled) ?? [];
  const position = enabledPages.findIndex((page) => page.index === current);
  const isLastPage = !pages || position === enabledPages.length - 1;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const errors = store.attemptSubmit();
    if (errors.length) {
      const first = errors.find((e) => e.key) ?? errors[0];
      const target = first?.key
        ? document.getElementById(itemId(idPrefix, first.key))
        : document.getElementById(`${idPrefix}-signature-typed`);
      target?.focus();
      return;
    }
    // A failed submit shows why and keeps every answer; the store is never reset here.
    setSubmitError(undefined);
    setQueued(undefined);
    setSubmitting(true);
    const { drafts } = props;
    try {
      const before = new Set(client.outbox?.list().map((entry) => entry.id));
      // With drafts, the submit waits for a save under way and completes the same response (id).
      const response = drafts ? await drafts.complete() : store.buildResponse();
      const returned = await props.onSubmit?.(response);
      setQueued(queuedSubmitEntry(client, [returned, response], before)?.id);
    } catch (error) {
      console.error('Questionnaire submit failed', error);
      drafts?.restart();
      setSubmitError(errorText(error));
    } finally {
      setSubmitting(false);
    }
  };

  const next = () => {
    // The browser's own validity check gates Next, then the engine's.
    if (formRef.current && !formRef.current.reportValidity()) return;
    store.nextPage();
  };

  return (
    <QuestionnaireFormContext.Provider value={context}>
      {/* The controls belong to the <form> through their form attribute, not by being inside it:
          for each event React reads its props on every element the event passes, and on a <form>
          that read is HTMLFormElement's named-property lookup, which rebuilds the form's cache of all
          its controls whenever a control's name changed (React rewrites an <input>'s name on every
          input event). Inside the form, each keystroke of a 2,000-item form paid that rebuild. */}
      <div
        {...attributes}
        ref={rootRef}
        className={cn('questionnaire', props.className)}
        data-paged={pages ? '' : undefined}
      >
        {form.title && (
          <Title ref={titleRef} tabIndex={props.focusTitle ? -1 : undefined} className={cn('questionnaire-title')}>
            {form.title}
          </Title>
        )}
        {form.issues.length > 0 && (
          <div className={cn('questionnaire-issue')} role="note">
            {form.issues.map((issue) => (
              <p key={issue}>{issue}</p>
            ))}
          </div>
        )}
        {pages ? (
          <>
            <ol className={cn('stepper')} aria-label={messages.pagesLabel}>
              {enabledPages.map((page, i) => (
                <li
                  key={page.key}
                  className={cn('stepper-step')}
                  aria-current={page.index === current ? 'step' : undefined}
                  data-state={page.index === current ? 'active' : i < position ? 'complete' : 'upcoming'}
                >
                  <span className={cn('stepper-number')} aria-hidden="true">
                    {i + 1}
                  </span>
                  {page.title}
                </li>
              ))}
            </ol>
            <p ref={pageHeadingRef} tabIndex={-1} className={cn('stepper-current')}>
              {messages.stepOf(position + 1, enabledPages.length)}
            </p>
            {pages[current] && (
              <QuestionnaireItemView key={pages[current].key} itemKey={pages[current].key} level={headingLevel + 1} />
            )}
          </>
        ) : (
          form.rootKeys.map((key) => <QuestionnaireItemView key={key} itemKey={key} level={headingLevel + 1} />)
        )}
        {/* On a paged form the signature belongs to the last page; it stays mounted (hidden) on the
            others so a drawn or typed signature survives Back and Next. */}
        {form.signatureRequired && (
          <section
            className={cn('questionnaire-signature')}
            aria-labelledby={`${idPrefix}-signature`}
            hidden={!isLastPage || undefined}
          >
            {(() => {
              const Heading = `h${Math.min(headingLevel + 1, 6)}` as 'h3';
              return <Heading id={`${idPrefix}-signature`}>{messages.signature}</Heading>;
            })()}
            <LazySignaturePad
              loadingText={messages.signatureLoading}
              failedText={messages.signatureLoadFailed}
              retryLabel={messages.tryAgain}
              label={messages.signatureArea}
              clearLabel={messages.clear}
              typedLabel={messages.signatureTyped}
              width={props.signatureWidth}
              height={props.signatureHeight}
              invalid={!!form.signatureError}
              describedBy={form.signatureError ? `${idPrefix}-signature-error` : undefined}
              form={formId}
              typedId={`${idPrefix}-signature-typed`}
              onChange={(data) => (data ? store.setSignature(data) : store.clearSignature())}
            />
            {form.signatureError && (
              <p id={`${idPrefix}-signature-error`} className={cn('questionnaire-error')} role="alert">
                {form.signatureError}
              </p>
            )}
          </section>
        )}
        {submitError && (
          <p className={cn('questionnaire-error')} role="alert">
            {submitError}
          </p>
        )}
        <LazyQueuedSubmitStatus client={client} entryId={queued} />
        {DraftStatus && <DraftStatus drafts={props.drafts} messages={messages} />}
        {!excludeButtons && (
          <div className={cn('questionnaire-buttons')}>
            {pages && position > 0 && (
              <button type="button" className={cn('button')} data-variant="outline" onClick={() => store.backPage()}>
                {messages.back}
              </button>
            )}
            {pages && !isLastPage && (
              <button type="button" className={cn('button')} onClick={next}>
                {messages.next}
              </button>
            )}
            {isLastPage && (
              <button
                type="submit"
                form={formId}
                className={cn('button')}
                disabled={submitting}
                data-loading={submitting || undefined}
              >
                {props.submitButtonText ?? messages.submit}
              </button>
            )}
          </div>
        )}
        <form
          ref={formRef}
          id={formId}
          className={cn('questionnaire-form')}
          noValidate
          hidden
          onSubmit={(event) => void submit(event)}
        />
      </div>
    </QuestionnaireFormContext.Provider>
  );
}
