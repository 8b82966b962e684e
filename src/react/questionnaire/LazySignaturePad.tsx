import { onDemand, useOnDemand } from '../primitives/onDemand';
import { useQuestionnaireCn } from './questionnaireClassContext';
import type { SignaturePadProps } from './SignaturePad';

/**
 * The signature pad, a chunk of its own: few questionnaires ask for a signature, so only they
 * download it (and perfect-freehand, its stroke library, later still).
 */
export const signaturePadChunk = /* @__PURE__ */ onDemand(() => import('./SignaturePad'), 'the signature pad');

/** Props of {@link LazySignaturePad}: the pad's, and the texts of its loading and failed states. */
export interface LazySignaturePadProps extends SignaturePadProps {
  readonly loadingText: string;
  readonly failedText: string;
  readonly retryLabel: string;
}

/**
 * The form's signature pad, loaded when a form that requires a signature renders. The signature
 * sits at the end of the form, so the pad has normally arrived before anyone reaches it; until
 * then its area is held at the pad's size, so nothing moves when it shows. A failed load says so
 * and offers 'Try again'; the signature stays required, so the form cannot be sent without it.
 */
export function LazySignaturePad({ loadingText, failedText, retryLabel, ...props }: LazySignaturePadProps) {
  const cn = useQuestionnaireCn();
  const { module, failed, retry } = useOnDemand(signaturePadChunk);

  if (module) return <module.SignaturePad {...props} />;
  if (failed) {
    return (
      <div className={cn('signature')} data-invalid={props.invalid || undefined}>
        <p className={cn('questionnaire-error')} role="alert">
          {failedText}
        </p>
        <button type="button" className={cn('button')} data-variant="outline" onClick={retry}>
          {retryLabel}
        </button>
      </div>
    );
  }
  const { width = 500, height = 200 } = props;
  return (
    <div className={cn('signature')} aria-busy="true">
      <div
        className={cn('signature-area')}
        role="status"
        style={{ width, maxWidth: '100%', aspectRatio: `${width} / ${height}` }}
      >
        {loadingText}
      </div>
    </div>
  );
}
