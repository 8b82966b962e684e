// Google's sign-in button: loads Google's script and has it draw the button. Loaded on demand
// (google.tsx), only by cards given a Google client id.
import { useEffect, useRef, type ReactNode } from 'react';
import { useCn } from './authClassContext';
import { GOOGLE_SCRIPT_URL, loadScript } from './loadScript';

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(config: { client_id: string; callback: (response: { credential: string }) => void }): void;
      renderButton(parent: HTMLElement, options: Record<string, unknown>): void;
    };
  };
}

/** Google's sign-in button; its script loads only when a client id is given. */
export function GoogleButton(props: {
  readonly googleClientId?: string;
  readonly label: string;
  readonly onCredential: (credential: string) => void;
}): ReactNode {
  const cn = useCn();
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(props.onCredential);
  callback.current = props.onCredential;
  const { googleClientId } = props;
  useEffect(() => {
    if (!googleClientId) return;
    let cancelled = false;
    // An app (or a story) that already loaded Google Identity Services skips the script.
    const existing = (window as unknown as { google?: GoogleIdentity }).google?.accounts?.id;
    (existing ? Promise.resolve() : loadScript(GOOGLE_SCRIPT_URL))
      .then(() => {
        const google = (window as unknown as { google?: GoogleIdentity }).google;
        if (cancelled || !google || !ref.current) return;
        google.accounts.id.initialize({
          client_id: googleClientId,
          callback: (response) => callback.current(response.credential),
        });
        google.accounts.id.renderButton(ref.current, { type: 'standard', size: 'large', text: 'signin_with' });
      })
      .catch((error: unknown) => console.error(error));
    return () => {
      cancelled = true;
    };
  }, [googleClientId]);
  if (!googleClientId) return null;
  return <div ref={ref} className={cn('auth-google')} aria-label={props.label} role="group" />;
}
