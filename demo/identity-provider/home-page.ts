// The provider's root: `npm start` prints this address, and someone who opens it should learn
// what it is and find the way back, not meet oidc-provider's JSON 404.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml, page } from './interactions';

/** Answers GET and HEAD of `/` with a page saying what this is; false for everything else. */
export function handleHomePage(req: IncomingMessage, res: ServerResponse, portalUrl: string | undefined): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (new URL(req.url ?? '/', 'http://provider').pathname !== '/') return false;
  const back = portalUrl
    ? `<p><a href="${escapeHtml(portalUrl)}">Back to the patient portal</a></p>`
    : '<p>Open the patient portal whose address <code>npm start</code> printed.</p>';
  page(
    res,
    200,
    'About',
    `<h1>The demo's Northwind ID</h1>
<p>This is Northwind Health ID, the OpenID Connect provider of Northwind Health (email addresses at
<code>northwind.example</code>), which the fhir-portal-kit demo runs on this machine as its
external identity provider.</p>
<p>There is nothing to do on this page: on the patient portal, choose to sign in or register with
Northwind, and the portal brings you here to sign in (for example as
<code>sam@northwind.example</code>).</p>
${back}`
  );
  return true;
}
