// The SMART launch page (standalone: ?iss=…; EHR launch: ?iss=…&launch=…). fhirclient reads both
// from the page's URL, discovers the server's endpoints from iss and sends the browser to its
// authorize page; the server sends it back to index.html with a code.
/* global FHIR -- fhirclient's browser build (fhir-client.js), loaded before this script */
'use strict';

const status = document.getElementById('status');
const error = document.getElementById('error');

/** Shows a failure as text (never as markup: a message may quote what a server sent). */
function fail(message) {
  status.hidden = true;
  error.textContent = message;
  error.hidden = false;
}

const iss = new URLSearchParams(location.search).get('iss');
if (!iss) {
  // Nothing to launch against: let the person name a server.
  status.hidden = true;
  document.getElementById('choose-server').hidden = false;
} else {
  FHIR.oauth2
    .authorize({
      clientId: 'smart-demo-app',
      scope: 'launch launch/patient openid fhirUser patient/*.read user/*.read',
      redirectUri: 'index.html',
    })
    .catch((e) => fail(`The app could not start signing in at ${iss}: ${e && e.message ? e.message : e}`));
}
