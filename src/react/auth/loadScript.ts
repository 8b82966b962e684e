const loaded = new Map<string, Promise<void>>();

/** Adds a script tag once per src and resolves when it has loaded. */
export function loadScript(src: string): Promise<void> {
  const existing = loaded.get(src);
  if (existing) return existing;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.defer = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loaded.delete(src);
      reject(new Error(`Could not load ${src}`));
    };
    document.head.appendChild(script);
  });
  loaded.set(src, promise);
  return promise;
}

/** Google Identity Services script, loaded only when a Google client id is configured. */
export const GOOGLE_SCRIPT_URL = 'https://accounts.google.com/gsi/client';

/** reCAPTCHA v3 script URL for a site key. */
export function recaptchaScriptUrl(siteKey: string): string {
  return `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
}

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

/** A reCAPTCHA v3 token for the site key, loading the script first. */
export async function getRecaptchaToken(siteKey: string): Promise<string> {
  await loadScript(recaptchaScriptUrl(siteKey));
  const grecaptcha = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
  if (!grecaptcha) throw new Error('reCAPTCHA did not load');
  return new Promise<string>((resolve, reject) => {
    grecaptcha.ready(() => {
      grecaptcha.execute(siteKey, { action: 'submit' }).then(resolve, reject);
    });
  });
}
