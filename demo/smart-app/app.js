// The SMART app's redirect page: fhirclient checks the state and exchanges the code for tokens,
// then the app reads the patient in context (the token response's `patient`) and the signed-in
// person (the id_token's `fhirUser`). Everything from the server is set as text, never markup.
/* global FHIR -- fhirclient's browser build (fhir-client.js), loaded before this script */
'use strict';

const $ = (id) => document.getElementById(id);

/** A HumanName as one line: its text, else prefix, given names and family. */
function nameOf(resource) {
  const name = (resource && resource.name && resource.name[0]) || {};
  if (name.text) return name.text;
  const parts = [...(name.prefix || []), ...(name.given || []), name.family].filter(Boolean);
  return parts.length ? parts.join(' ') : 'No name recorded';
}

function messageOf(e) {
  return e && e.message ? e.message : String(e);
}

function show(sectionId, fields) {
  for (const [id, text] of Object.entries(fields)) $(id).textContent = text;
  $(sectionId).hidden = false;
}

async function main() {
  const client = await FHIR.oauth2.ready();
  const token = client.state.tokenResponse || {};
  show('launch-section', {
    // need_patient_banner is false when an EHR shows the patient around the app.
    'launch-kind': token.need_patient_banner === false ? 'From the EHR, for its patient' : 'Standalone',
    'launch-server': client.state.serverUrl,
    'launch-scope': token.scope || 'not stated',
  });
  // The two reads succeed or fail apart: a missing user does not hide the patient.
  const [patient, user] = await Promise.allSettled([client.patient.read(), client.user.read()]);
  const problems = [];
  if (patient.status === 'fulfilled') {
    show('patient-section', {
      'patient-name': nameOf(patient.value),
      'patient-birth-date': patient.value.birthDate || 'Not recorded',
    });
  } else problems.push(`The patient could not be read: ${messageOf(patient.reason)}`);
  if (user.status === 'fulfilled') {
    show('user-section', { 'user-name': nameOf(user.value), 'user-type': user.value.resourceType });
  } else problems.push(`The signed-in person could not be read: ${messageOf(user.reason)}`);
  $('status').hidden = true;
  if (problems.length) fail(problems.join(' '));
}

function fail(message) {
  $('status').hidden = true;
  $('error').textContent = message;
  $('error').hidden = false;
}

main().catch((e) => fail(`Signing in did not complete: ${messageOf(e)}`));
