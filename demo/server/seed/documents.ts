/**
 * Seed: the demo patient's documents. A Continuity of Care Document (C-CDA R2.1, US Realm
 * Header) from the clinic, stored as a Binary with a DocumentReference pointing at it, so the
 * health record shows a C-CDA with its Validate button.
 */
import type { Binary, DocumentReference, Resource } from '../../../src/fhir/types';
import { daysFrom, iso } from './clock';
import { DemoIds } from './ids';
import { DOCTOR_NAME, PATIENT_NAME } from './people';
import { seedId } from './seed-id';

/** Ids of the seeded document. */
export const DocumentIds = {
  ccdBinary: seedId('document:ccd:binary'),
  ccdReference: seedId('document:ccd:reference'),
} as const;

/** The CDA timestamp form: 20260301093000+0000. */
function cdaTime(d: Date): string {
  return iso(d).replace(/[-:]/g, '').replace('T', '').replace('Z', '+0000');
}

function row(cells: string[]): string {
  return `<tr>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`;
}

/** The demo patient's Continuity of Care Document, dated relative to `now`. */
export function buildCcdDocument(now: Date): string {
  const written = daysFrom(now, -14, 15);
  const date = (days: number) => iso(daysFrom(now, days)).slice(0, 10);
  return `<?xml version="1.0" encoding="UTF-8"?>
<ClinicalDocument xmlns="urn:hl7-org:v3" xmlns:sdtc="urn:hl7-org:sdtc" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <realmCode code="US"/>
  <typeId root="2.16.840.1.113883.1.3" extension="POCD_HD000040"/>
  <templateId root="2.16.840.1.113883.10.20.22.1.1" extension="2015-08-01"/>
  <templateId root="2.16.840.1.113883.10.20.22.1.2" extension="2015-08-01"/>
  <id root="2.16.840.1.113883.19.5.99999.1" extension="${DocumentIds.ccdReference}"/>
  <code code="34133-9" displayName="Summarization of Episode Note" codeSystem="2.16.840.1.113883.6.1" codeSystemName="LOINC"/>
  <title>Continuity of Care Document</title>
  <effectiveTime value="${cdaTime(written)}"/>
  <confidentialityCode code="N" codeSystem="2.16.840.1.113883.5.25"/>
  <languageCode code="en-US"/>
  <recordTarget>
    <patientRole>
      <id root="2.16.840.1.113883.19.5.99999.2" extension="${DemoIds.patient}"/>
      <addr use="HP"><streetAddressLine>742 Evergreen Terrace</streetAddressLine><city>Springfield</city><state>OR</state><postalCode>97403</postalCode><country>US</country></addr>
      <telecom use="HP" value="tel:+1(555)555-0142"/>
      <patient>
        <name use="L"><given>Homer</given><given>Jay</given><family>Simpson</family></name>
        <administrativeGenderCode code="M" codeSystem="2.16.840.1.113883.5.1" displayName="Male"/>
        <birthTime value="19790512"/>
        <languageCommunication><languageCode code="en"/></languageCommunication>
      </patient>
    </patientRole>
  </recordTarget>
  <author>
    <time value="${cdaTime(written)}"/>
    <assignedAuthor>
      <id root="2.16.840.1.113883.4.6" extension="1234567893"/>
      <addr><streetAddressLine>100 Main Street</streetAddressLine><city>Springfield</city><state>OR</state><postalCode>97403</postalCode></addr>
      <telecom use="WP" value="tel:+1(555)555-0100"/>
      <assignedPerson><name><prefix>Dr.</prefix><given>Julia</given><family>Hibbert</family></name></assignedPerson>
    </assignedAuthor>
  </author>
  <custodian>
    <assignedCustodian>
      <representedCustodianOrganization>
        <id root="2.16.840.1.113883.19.5.99999.3"/>
        <name>Springfield Family Clinic</name>
        <telecom use="WP" value="tel:+1(555)555-0100"/>
        <addr><streetAddressLine>100 Main Street</streetAddressLine><city>Springfield</city><state>OR</state><postalCode>97403</postalCode></addr>
      </representedCustodianOrganization>
    </assignedCustodian>
  </custodian>
  <component>
    <structuredBody>
      <component>
        <section>
          <templateId root="2.16.840.1.113883.10.20.22.2.6.1" extension="2015-08-01"/>
          <code code="48765-2" codeSystem="2.16.840.1.113883.6.1" displayName="Allergies and adverse reactions"/>
          <title>Allergies and Adverse Reactions</title>
          <text>
            <table>
              <thead><tr><th>Substance</th><th>Reaction</th><th>Severity</th><th>Status</th></tr></thead>
              <tbody>
                ${row(['Penicillin G', 'Hives', 'Moderate', 'Active'])}
                ${row(['Shellfish', 'Nausea', 'Mild', 'Active'])}
              </tbody>
            </table>
          </text>
        </section>
      </component>
      <component>
        <section>
          <templateId root="2.16.840.1.113883.10.20.22.2.1.1" extension="2014-06-09"/>
          <code code="10160-0" codeSystem="2.16.840.1.113883.6.1" displayName="History of medication use"/>
          <title>Medications</title>
          <text>
            <table>
              <thead><tr><th>Medication</th><th>Directions</th><th>Start Date</th><th>Status</th></tr></thead>
              <tbody>
                ${row(['Lisinopril 10 mg oral tablet', '1 tablet by mouth once a day', date(-200), 'Active'])}
                ${row(['Atorvastatin 20 mg oral tablet', '1 tablet by mouth once a day at bedtime', date(-120), 'Active'])}
                ${row(['Metformin 500 mg oral tablet', '1 tablet by mouth twice a day with meals', date(-90), 'Active'])}
              </tbody>
            </table>
          </text>
        </section>
      </component>
      <component>
        <section>
          <templateId root="2.16.840.1.113883.10.20.22.2.5.1" extension="2015-08-01"/>
          <code code="11450-4" codeSystem="2.16.840.1.113883.6.1" displayName="Problem list"/>
          <title>Problems</title>
          <text>
            <list listType="unordered">
              <item><content styleCode="Bold">Essential hypertension</content>, since ${date(-400)}</item>
              <item><content styleCode="Bold">Hyperlipidemia</content>, since ${date(-130)}</item>
              <item><content styleCode="Bold">Prediabetes</content>, since ${date(-95)}</item>
            </list>
          </text>
        </section>
      </component>
      <component>
        <section>
          <templateId root="2.16.840.1.113883.10.20.22.2.3.1" extension="2015-08-01"/>
          <code code="30954-2" codeSystem="2.16.840.1.113883.6.1" displayName="Relevant diagnostic tests/laboratory data"/>
          <title>Results</title>
          <text>
            <table>
              <thead><tr><th>Test</th><th>Value</th><th>Reference Range</th><th>Date</th></tr></thead>
              <tbody>
                ${row(['LDL cholesterol (calculated)', '151 mg/dL (High)', '&lt;= 100 mg/dL', date(-30)])}
                ${row(['HDL cholesterol', '48 mg/dL', '&gt;= 40 mg/dL', date(-30)])}
                ${row(['Hemoglobin A1c', '5.9 %', '4.0-5.6 %', date(-60)])}
              </tbody>
            </table>
          </text>
        </section>
      </component>
      <component>
        <section>
          <templateId root="2.16.840.1.113883.10.20.22.2.4.1" extension="2015-08-01"/>
          <code code="8716-3" codeSystem="2.16.840.1.113883.6.1" displayName="Vital signs"/>
          <title>Vital Signs</title>
          <text>
            <paragraph>Measured at the visit of ${date(-14)}.</paragraph>
            <table>
              <thead><tr><th>Vital</th><th>Value</th></tr></thead>
              <tbody>
                ${row(['Blood pressure', '128/82 mm[Hg]'])}
                ${row(['Heart rate', '72 /min'])}
                ${row(['Body weight', '239 [lb_av]'])}
              </tbody>
            </table>
          </text>
        </section>
      </component>
      <component>
        <section>
          <templateId root="2.16.840.1.113883.10.20.22.2.10" extension="2014-06-09"/>
          <code code="18776-5" codeSystem="2.16.840.1.113883.6.1" displayName="Plan of care note"/>
          <title>Plan of Treatment</title>
          <text>
            <paragraph>Recheck lipids in three months. Walk 30 minutes a day.<br/>Follow up with ${DOCTOR_NAME}.</paragraph>
          </text>
        </section>
      </component>
    </structuredBody>
  </component>
</ClinicalDocument>
`;
}

/** The document as the patient's record holds it: a Binary and a DocumentReference. */
export function buildDocuments(now: Date): Resource[] {
  const written = daysFrom(now, -14, 15);
  const xml = buildCcdDocument(now);
  const binary: Binary = {
    resourceType: 'Binary',
    id: DocumentIds.ccdBinary,
    contentType: 'application/cda+xml',
    securityContext: { reference: `Patient/${DemoIds.patient}` },
    data: Buffer.from(xml, 'utf8').toString('base64'),
  };
  const reference: DocumentReference = {
    resourceType: 'DocumentReference',
    id: DocumentIds.ccdReference,
    status: 'current',
    type: {
      coding: [{ system: 'http://loinc.org', code: '34133-9', display: 'Summarization of Episode Note' }],
      text: 'Continuity of Care Document',
    },
    category: [{ text: 'Clinical summary' }],
    subject: { reference: `Patient/${DemoIds.patient}`, display: PATIENT_NAME },
    date: iso(written),
    author: [{ reference: `Practitioner/${DemoIds.doctor}`, display: DOCTOR_NAME }],
    description: 'Summary of care from your visit',
    content: [
      {
        attachment: {
          contentType: 'application/cda+xml',
          url: `Binary/${DocumentIds.ccdBinary}`,
          title: 'continuity-of-care.xml',
          size: Buffer.byteLength(xml, 'utf8'),
        },
      },
    ],
  };
  return [binary, reference];
}
