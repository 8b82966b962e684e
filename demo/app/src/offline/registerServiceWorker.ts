// Registers the portal's service worker (src/offline/sw.ts, built to /sw.js). Only a production
// build has one: in `vite dev` and under vitest there is no sw.js, and a worker there would serve
// stale modules to a developer. A browser without service workers runs the portal as before, online.
export function registerServiceWorker(env: { prod: boolean } = { prod: import.meta.env.PROD }): boolean {
  if (!env.prod || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
  // After the page has loaded, so the worker's precache downloads do not compete with the first render.
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // No worker (a private window that forbids it, a build without one): the portal still works online.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
  return true;
}
