import type { CodeChallengeMethod } from './types';

/** Longest PKCE verifier RFC 7636 allows: 128 characters. */
export const PKCE_VERIFIER_MAX_LENGTH = 128;

/** sessionStorage keys that carry PKCE and redirect state across the authorize redirect. */
export const PkceStorageKeys = {
  codeVerifier: 'codeVerifier',
  codeChallenge: 'codeChallenge',
  state: 'pkceState',
  redirectUri: 'pkceRedirectUri',
  /** The login request an external identity provider was sent as `state` (react/auth's external sign-in). */
  externalState: 'externalAuthState',
} as const;

/** The subset of the Web Crypto API PKCE uses; injectable so the plain fallback can be tested. */
export interface PkceCrypto {
  getRandomValues<T extends ArrayBufferView>(array: T): T;
  readonly subtle?: { digest?(algorithm: string, data: BufferSource): Promise<ArrayBuffer> };
}

/** The small key-value store PKCE values live in between redirects. */
export interface PkceStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const memoryStore = new Map<string, string>();
const memoryPkceStore: PkceStore = {
  getItem: (key) => memoryStore.get(key) ?? null,
  setItem: (key, value) => void memoryStore.set(key, value),
  removeItem: (key) => void memoryStore.delete(key),
};

/** The browser's sessionStorage, or an in-memory store where there is none (server rendering, workers). */
export function getPkceStore(): PkceStore {
  try {
    if (typeof sessionStorage !== 'undefined') return sessionStorage;
  } catch {
    // Access to sessionStorage throws when storage is disabled; fall through to memory.
  }
  return memoryPkceStore;
}

function getCrypto(): PkceCrypto {
  const crypto = globalThis.crypto as PkceCrypto | undefined;
  if (!crypto?.getRandomValues) throw new Error('crypto.getRandomValues is not available in this environment');
  return crypto;
}

/** 28 random 32-bit words as hex (224 characters). */
export function getRandomString(crypto: PkceCrypto = getCrypto()): string {
  const words = crypto.getRandomValues(new Uint32Array(28));
  return Array.from(words, (word) => word.toString(16).padStart(8, '0')).join('');
}

/** A fresh PKCE code verifier: the random string cut to 128 characters. */
export function createCodeVerifier(crypto: PkceCrypto = getCrypto()): string {
  return getRandomString(crypto).slice(0, PKCE_VERIFIER_MAX_LENGTH);
}

/** Bytes as base64url without padding (RFC 4648 section 5). */
export function base64UrlEncode(bytes: ArrayBuffer | Uint8Array): string {
  const array = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = '';
  for (const byte of array) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The code challenge of a verifier: S256 with Web Crypto, plain only when no SHA-256 digest exists. */
export async function createCodeChallenge(
  verifier: string,
  crypto: PkceCrypto = getCrypto()
): Promise<{ codeChallenge: string; codeChallengeMethod: CodeChallengeMethod }> {
  if (typeof crypto.subtle?.digest === 'function') {
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
    return { codeChallenge: base64UrlEncode(digest), codeChallengeMethod: 'S256' };
  }
  // Insecure contexts (plain http other than localhost) have no crypto.subtle.
  return { codeChallenge: verifier, codeChallengeMethod: 'plain' };
}

/**
 * Starts a PKCE flow: a new state and verifier kept in sessionStorage ('pkceState', 'codeVerifier')
 * so they survive the redirect, and the challenge to send.
 */
export async function startPkce(
  store: PkceStore = getPkceStore(),
  crypto: PkceCrypto = getCrypto()
): Promise<{ codeChallenge: string; codeChallengeMethod: CodeChallengeMethod; state: string }> {
  const state = getRandomString(crypto);
  const codeVerifier = createCodeVerifier(crypto);
  const challenge = await createCodeChallenge(codeVerifier, crypto);
  store.setItem(PkceStorageKeys.state, state);
  store.setItem(PkceStorageKeys.codeVerifier, codeVerifier);
  store.setItem(PkceStorageKeys.codeChallenge, challenge.codeChallenge);
  return { ...challenge, state };
}
