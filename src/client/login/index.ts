// src/client/login: PKCE, login steps over a LoginClient, redirects, token storage, cross-tab sign-out.
export type * from './types';
export * from './pkce';
export * from './steps';
export * from './redirect';
export {
  AreaClientStorage,
  BrowserLocalStorage,
  BrowserSessionStorage,
  chooseTokenStorage,
  MemoryTokenStorage,
  RememberMeStorage,
} from './storage';
export type { TokenStorage } from './storage';
export * from './crossTab';
