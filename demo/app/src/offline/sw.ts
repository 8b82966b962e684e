// The portal's service worker (issue 24), built by vite-plugin-pwa (injectManifest) with Workbox.
// It keeps the built shell and code (index.html, scripts, styles, fonts, icons) so a reload
// without network opens the portal; what the patient has read lives in the client's IndexedDB
// store, never here. It answers two kinds of request and lets every other one go to the network
// untouched: a file of the build (from the precache), and a navigation to a portal page (the
// cached index.html, the router picks the page). An API path (serve.mjs forwards it) is neither,
// so Cache Storage never holds an API response, a token or a patient's data.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { navigationDenylist } from './sw-routes';

/** What Workbox's injectManifest writes in at build time, and the worker's own calls. */
declare const self: {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
  skipWaiting(): Promise<void>;
};

precacheAndRoute(self.__WB_MANIFEST);
// Caches an older Workbox made under other names.
cleanupOutdatedCaches();

registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: navigationDenylist() }));

// A new build takes over at once rather than when every portal tab has closed. For the demo that
// is the simpler truth: the precache then matches what serve.mjs serves, so a tab opened after a
// deploy never mixes builds; the cost, a tab already open could ask for a lazy page of the old
// build that is gone, is the same as without a worker (serve.mjs only has the newest build).
void self.skipWaiting();
clientsClaim();
