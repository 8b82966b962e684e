import { useCallback, useEffect, useRef, useState, type RefCallback } from 'react';
import type { AltchaWidgetElement } from 'altcha';
import { useLoginClient } from './useLoginClient';

/** Where the ALTCHA check stands: the widget loading, then its own states. */
export type AltchaStatus = 'loading' | 'unverified' | 'verifying' | 'verified' | 'expired' | 'error';

/** Texts of the ALTCHA check (the widget's checkbox label and its states). */
export interface AltchaMessages {
  /** The checkbox label. */
  botCheckLabel: string;
  botCheckVerifying: string;
  botCheckVerified: string;
  botCheckFailed: string;
  botCheckExpired: string;
  /** The widget's footer line naming the service (ALTCHA shows it as a link to its site in English). */
  botCheckFooter: string;
}

/** Options of useAltcha. */
export interface UseAltchaOptions {
  /** Where challenges come from, relative to the client's base URL (the reference server: 'auth/altcha/challenge'). */
  readonly challengeUrl: string;
  readonly messages: AltchaMessages;
  /** Loads the widget; `import('altcha')` by default, so its 35 KB arrive only with the form that needs them. */
  readonly loadWidget?: () => Promise<unknown>;
}

/** What useAltcha returns. */
export interface UseAltchaResult {
  /** Put on the element the widget should mount in. */
  readonly ref: RefCallback<HTMLElement>;
  readonly status: AltchaStatus;
  /** The status as a sentence for a live region ('' while there is nothing to announce). */
  readonly statusText: string;
  /** A payload to send with the registration, solving first when needed; each payload is handed out once. */
  getPayload(): Promise<string>;
}

const loadAltcha = () => import('altcha');

interface AltchaGlobal {
  i18n: { get(key: string): Record<string, string> | undefined; set(key: string, value: Record<string, string>): void };
}

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

/** Registers the texts as a widget language of their own and answers its key (one per distinct set of texts). */
function registerTexts(messages: AltchaMessages): string {
  const altcha = (globalThis as { $altcha?: AltchaGlobal }).$altcha;
  const json = JSON.stringify(messages);
  let hash = 5381;
  for (let i = 0; i < json.length; i++) hash = ((hash * 33) ^ json.charCodeAt(i)) >>> 0;
  const key = `fpk-${hash.toString(36)}`;
  if (altcha && !altcha.i18n.get(key)) {
    altcha.i18n.set(key, {
      ...altcha.i18n.get('en'),
      label: messages.botCheckLabel,
      verifying: messages.botCheckVerifying,
      waitAlert: messages.botCheckVerifying,
      verified: messages.botCheckVerified,
      error: messages.botCheckFailed,
      expired: messages.botCheckExpired,
      // The widget writes its footer as HTML: ours is text, so it goes in escaped.
      footer: escapeHtml(messages.botCheckFooter),
    });
  }
  return key;
}

const STATES = new Set<string>(['unverified', 'verifying', 'verified', 'expired', 'error']);

/**
 * The ALTCHA proof-of-work check without markup: mounts the `altcha` widget (loaded on demand)
 * into the element given to `ref`, fetches its challenges through the FhirClient, tracks its
 * state for a live region, and hands out the payload a registration sends. The widget starts
 * solving as soon as the form gets focus, so the work is usually done before the user submits.
 */
export function useAltcha(options: UseAltchaOptions): UseAltchaResult {
  const client = useLoginClient();
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const [status, setStatus] = useState<AltchaStatus>('loading');
  const widget = useRef<Promise<AltchaWidgetElement> | undefined>(undefined);
  const payload = useRef<string | undefined>(undefined);
  /** The last payload handed out: the server spends it, so it never goes out twice. */
  const handedOut = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (!container) return;
    let cancelled = false;
    let element: AltchaWidgetElement | undefined;
    const ready = (optionsRef.current.loadWidget ?? loadAltcha)().then(
      () =>
        new Promise<AltchaWidgetElement>((resolve, reject) => {
          if (cancelled) return reject(new Error('unmounted'));
          const { challengeUrl, messages } = optionsRef.current;
          element = document.createElement('altcha-widget');
          element.setAttribute('language', registerTexts(messages));
          element.setAttribute('challenge', new URL(challengeUrl, client.getBaseUrl()).toString());
          element.addEventListener('statechange', (event) => {
            const state = (event as CustomEvent<{ state: string; payload?: string }>).detail.state;
            if (state !== 'verified') payload.current = undefined;
            if (STATES.has(state)) setStatus(state as AltchaStatus);
          });
          element.addEventListener('verified', (event) => {
            payload.current = (event as CustomEvent<{ payload: string }>).detail.payload;
          });
          element.addEventListener(
            'load',
            () => {
              element!.configure({
                // Challenges come through the client, like every other call of the form.
                fetch: async () =>
                  new Response(JSON.stringify(await client.post(optionsRef.current.challengeUrl, {})), {
                    headers: { 'Content-Type': 'application/json' },
                  }),
                auto: 'onfocus',
                humanInteractionSignature: false,
              });
              setStatus('unverified');
              resolve(element!);
            },
            { once: true }
          );
          container.appendChild(element);
        })
    );
    ready.catch((error) => {
      if (!cancelled) {
        console.error('The bot check could not load', error);
        setStatus('error');
      }
    });
    widget.current = ready;
    return () => {
      cancelled = true;
      element?.remove();
      payload.current = undefined;
      widget.current = undefined;
    };
  }, [container, client]);

  const getPayload = useCallback(async (): Promise<string> => {
    const failed = () => new Error(optionsRef.current.messages.botCheckFailed);
    const element = await widget.current?.catch(() => undefined);
    if (!element) throw failed();
    let value = payload.current !== handedOut.current ? payload.current : undefined;
    if (!value) {
      // The shown solution went out with an earlier attempt (the server spent it): solve anew.
      if (payload.current) element.reset();
      const result = element.getState() === 'verifying' ? await nextOutcome(element) : await element.verify();
      value = result?.payload;
    }
    if (!value) throw failed();
    handedOut.current = value;
    return value;
  }, []);

  const m = options.messages;
  const statusText =
    status === 'verifying'
      ? m.botCheckVerifying
      : status === 'verified'
        ? m.botCheckVerified
        : status === 'error'
          ? m.botCheckFailed
          : status === 'expired'
            ? m.botCheckExpired
            : '';
  return { ref: setContainer, status, statusText, getPayload };
}

/** The payload of the verification under way, or null when it fails or expires. */
function nextOutcome(element: AltchaWidgetElement): Promise<{ payload: string } | null> {
  return new Promise((resolve) => {
    const onState = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      if (state === 'verifying') return;
      element.removeEventListener('statechange', onState);
      resolve(state === 'verified' && payload ? { payload } : null);
    };
    element.addEventListener('statechange', onState);
  });
}
