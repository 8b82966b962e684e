import { useEffect, useState } from 'react';
import { useQuestionnaireCn } from './questionnaireClassContext';
import type { SignaturePadProps } from './SignaturePad';

type SignaturePadModule = typeof import('./SignaturePad');

let loaded: SignaturePadModule | undefined;
let loading: Promise<SignaturePadModule> | undefined;

/**
 * Loads the signature pad once. Few questionnaires ask for a signature, so the pad is a chunk of
 * its own that only they download (and perfect-freehand, its stroke library, later still). A
 * failed load is logged and tried again on the next call.
 */
export function loadSignaturePad(): Promise<SignaturePadModule> {
  loading ??= import('./SignaturePad').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined;
      console.error('Loading the signature pad failed', error);
      throw error;
    }
  );
  return loading;
}

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
  const [module, setModule] = useState(loaded);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (module) return;
    let live = true;
    loadSignaturePad().then(
      (m) => live && setModule(m),
      () => live && setFailed(true)
    );
    return () => {
      live = false;
    };
  }, [module, attempt]);

  if (module) return <module.SignaturePad {...props} />;
  if (failed) {
    return (
      <div className={cn('signature')} data-invalid={props.invalid || undefined}>
        <p className={cn('questionnaire-error')} role="alert">
          {failedText}
        </p>
        <button
          type="button"
          className={cn('button')}
          data-variant="outline"
          onClick={() => {
            setFailed(false);
            setAttempt((n) => n + 1);
          }}
        >
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
