import type { PkceStore } from '../login/pkce';
import type { SmartEndpoints } from './types';

/** sessionStorage key of the launch smartLaunch started and completeSmartLaunch finishes. */
export const PENDING_LAUNCH_KEY = 'fpk-smart-launch';

/** What the callback needs from the launch: kept in sessionStorage across the authorize redirect. */
export interface PendingLaunch extends SmartEndpoints {
  state: string;
  codeVerifier: string;
  iss: string;
  clientId: string;
  redirectUri: string;
}

/** Keeps the pending launch for the callback. */
export function savePendingLaunch(store: PkceStore, launch: PendingLaunch): void {
  store.setItem(PENDING_LAUNCH_KEY, JSON.stringify(launch));
}

/** Takes the pending launch out of the store: it is single use, whether the callback succeeds or not. */
export function takePendingLaunch(store: PkceStore): PendingLaunch | undefined {
  const text = store.getItem(PENDING_LAUNCH_KEY);
  store.removeItem(PENDING_LAUNCH_KEY);
  if (!text) return undefined;
  try {
    return JSON.parse(text) as PendingLaunch;
  } catch {
    // Something else wrote the key; no launch of ours to finish.
    return undefined;
  }
}
