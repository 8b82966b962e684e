import { forwardRef, lazy, Suspense, type HTMLAttributes, type ReactNode } from 'react';
import { formatBytes, getMediaType, type Attachment } from '../../fhir';
import type { CcdaDisplayMessages } from './CcdaDisplay';
import { useAttachment } from './useAttachment';
import { fillTemplate } from './fillTemplate';
import { slotClassName, type SlotClassNames } from '../primitives/classNames';
import { useLocale } from '../locale/LocaleContext';
import { useMessages } from '../locale/MessagesContext';

/** Every text the attachment view shows; `{name}` is the attachment's name. */
export interface AttachmentDisplayMessages {
  /** The download link. Default 'Download {name}'. */
  readonly download: string;
  /** While a stored file loads. */
  readonly loading: string;
  /** Names a preview frame for screen readers. Default '{name} preview'. */
  readonly preview: string;
  /** A type the browser cannot preview. */
  readonly noPreview: string;
  /** An attachment with no URL or data a page may use (e.g. a script URL). */
  readonly unavailable: string;
  /** A text preview cut at its limit. */
  readonly truncated: string;
}

/** The default English texts. */
export const defaultAttachmentDisplayMessages: AttachmentDisplayMessages = {
  download: 'Download {name}',
  loading: 'Loading attachment…',
  preview: '{name} preview',
  noPreview: 'No preview is available for this type of file.',
  unavailable: 'This attachment cannot be shown.',
  truncated: 'Showing the first {count} characters. Download the file to read all of it.',
};

/** The parts of the attachment view, each given the class `fpk-${slot}`. */
export type AttachmentDisplaySlot =
  | 'attachment'
  | 'attachment-preview'
  | 'attachment-text'
  | 'attachment-caption'
  | 'attachment-download'
  | 'attachment-details'
  | 'attachment-note';

/** Props of {@link AttachmentDisplay}. */
export interface AttachmentDisplayProps extends HTMLAttributes<HTMLElement> {
  /** The attachment (a DocumentReference's content[].attachment, a Media's content, an answer's value). */
  readonly attachment: Attachment | undefined;
  /** Where a C-CDA document's Validate button posts it; without it, no Validate button. */
  readonly ccdaValidatorUrl?: string;
  /** Heading level of a C-CDA document's title. Default 2. */
  readonly headingLevel?: 1 | 2 | 3 | 4 | 5;
  /** Numbers and dates in this locale; the provider's, else the browser's, by default. */
  readonly locale?: Intl.LocalesArgument;
  /** Replaces the texts. */
  readonly messages?: Partial<AttachmentDisplayMessages>;
  /** Replaces the C-CDA view's texts. */
  readonly ccdaMessages?: Partial<CcdaDisplayMessages>;
  /** Extra classes per part. */
  readonly classNames?: SlotClassNames<AttachmentDisplaySlot>;
}

/** Characters of a text file shown in place; the download has the rest. */
export const MAX_TEXT_PREVIEW = 100_000;

// The C-CDA view (its reader and the validation) loads only when a C-CDA is shown.
const CcdaDisplay = /* @__PURE__ */ lazy(() => import('./CcdaDisplay').then((m) => ({ default: m.CcdaDisplay })));

/**
 * An attachment with its preview (image, video, audio, PDF, text, C-CDA) and a Download link.
 * Only http(s), data and blob URLs ever reach `href` or `src`; a stored file of this FHIR server
 * is read with the session's token; HTML and SVG are offered only as a download. State on the
 * DOM: `data-kind` and `data-state` (loading, error, ready).
 */
export const AttachmentDisplay = /* @__PURE__ */ forwardRef<HTMLElement, AttachmentDisplayProps>(
  function AttachmentDisplay(
    {
      attachment,
      ccdaValidatorUrl,
      headingLevel,
      locale: localeProp,
      messages,
      ccdaMessages,
      classNames,
      className,
      ...rest
    },
    ref
  ) {
    const locale = useLocale(localeProp);
    const t = useMessages('attachmentDisplay', defaultAttachmentDisplayMessages, messages);
    const cls = (slot: AttachmentDisplaySlot) => slotClassName(slot, classNames);
    const { kind, name, downloadName, url, text, loading, error } = useAttachment(attachment);
    const details = [getMediaType(attachment?.contentType), formatBytes(attachment?.size, locale)]
      .filter(Boolean)
      .join(', ');
    const frameTitle = fillTemplate(t.preview, { name });

    let preview: ReactNode;
    if (loading) {
      preview = (
        <p role="status" className={cls('attachment-note')}>
          {t.loading}
        </p>
      );
    } else if (error) {
      preview = (
        <p role="alert" className={cls('attachment-note')}>
          {error.message}
        </p>
      );
    } else if (!url) {
      preview = <p className={cls('attachment-note')}>{t.unavailable}</p>;
    } else if (kind === 'image') {
      preview = <img className={cls('attachment-preview')} src={url} alt={attachment?.title?.trim() || name} />;
    } else if (kind === 'video') {
      preview = <video className={cls('attachment-preview')} src={url} controls preload="metadata" />;
    } else if (kind === 'audio') {
      preview = <audio className={cls('attachment-preview')} src={url} controls preload="metadata" />;
    } else if (kind === 'pdf') {
      preview = <iframe className={cls('attachment-preview')} src={url} title={frameTitle} />;
    } else if (kind === 'ccda' && text !== undefined) {
      preview = (
        <Suspense fallback={<p className={cls('attachment-note')}>{t.loading}</p>}>
          <CcdaDisplay
            xml={text}
            validatorUrl={ccdaValidatorUrl}
            fileName={downloadName}
            headingLevel={headingLevel}
            locale={locale}
            messages={ccdaMessages}
          />
        </Suspense>
      );
    } else if (kind === 'text' && text !== undefined) {
      preview = (
        <>
          {/* Focusable so a keyboard can scroll a long file (axe: scrollable-region-focusable). */}
          <pre className={cls('attachment-text')} tabIndex={0} role="region" aria-label={frameTitle}>
            {text.slice(0, MAX_TEXT_PREVIEW)}
          </pre>
          {text.length > MAX_TEXT_PREVIEW && (
            <p className={cls('attachment-note')}>{fillTemplate(t.truncated, { count: MAX_TEXT_PREVIEW })}</p>
          )}
        </>
      );
    } else if (kind === 'text' || kind === 'ccda') {
      // Text from another site: shown in a frame that may run nothing and reach nothing of this page.
      preview = <iframe className={cls('attachment-preview')} src={url} title={frameTitle} sandbox="" />;
    } else {
      preview = <p className={cls('attachment-note')}>{t.noPreview}</p>;
    }

    return (
      <figure
        {...rest}
        ref={ref}
        className={[cls('attachment'), className].filter(Boolean).join(' ')}
        data-kind={kind}
        data-state={loading ? 'loading' : error ? 'error' : 'ready'}
      >
        {preview}
        <figcaption className={cls('attachment-caption')}>
          {url ? (
            <a className={cls('attachment-download')} href={url} download={downloadName}>
              {fillTemplate(t.download, { name })}
            </a>
          ) : (
            <span>{name}</span>
          )}
          {details && <span className={cls('attachment-details')}>{details}</span>}
        </figcaption>
      </figure>
    );
  }
);
