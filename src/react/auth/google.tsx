// The optional Google sign-in above a form: the button, loaded on demand, and the 'or' divider.
import { type ReactNode } from 'react';
import { onDemand } from '../primitives/onDemand';
import { useCn } from './authClassContext';
import type { GoogleButton } from './googleButton';
import { Divider } from './notices';

/** Loads Google's button (our part; Google's own script loads after it). */
export const loadGoogleButton = /* @__PURE__ */ onDemand(
  (): Promise<typeof GoogleButton> => import('./googleButton').then((m) => m.GoogleButton),
  'the Google sign-in button'
);

/** The Google sign-in with its 'or' divider; nothing without a client id. */
export function GoogleOption(props: {
  readonly googleClientId?: string;
  /** The button once loaded (useOnDemand(loadGoogleButton, …)); until then its empty place. */
  readonly button?: typeof GoogleButton;
  readonly label: string;
  readonly or: string;
  readonly onCredential: (credential: string) => void | Promise<void>;
}): ReactNode {
  const cn = useCn();
  const { googleClientId, button: Button, label } = props;
  if (!googleClientId) return null;
  return (
    <>
      {Button ? (
        <Button googleClientId={googleClientId} label={label} onCredential={props.onCredential} />
      ) : (
        // The same empty group Google's script draws into, so nothing moves when the button comes.
        <div className={cn('auth-google')} aria-label={label} role="group" />
      )}
      <Divider>{props.or}</Divider>
    </>
  );
}
