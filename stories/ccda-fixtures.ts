// A small Continuity of Care Document for the C-CDA and attachment stories.

const rows = (cells: string[][]) => cells.map((row) => `<tr>${row.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('');

/** A C-CDA R2.1 CCD with `results` rows in its Results section. */
export function ccdDocument(results = 3): string {
  const tests = Array.from({ length: results }, (_, i) => [`Analyte ${i + 1}`, `${50 + i} U/L`, '40-80 U/L']);
  return `<?xml version="1.0" encoding="UTF-8"?>
<ClinicalDocument xmlns="urn:hl7-org:v3">
  <realmCode code="US"/>
  <typeId root="2.16.840.1.113883.1.3" extension="POCD_HD000040"/>
  <templateId root="2.16.840.1.113883.10.20.22.1.1" extension="2015-08-01"/>
  <id root="2.16.840.1.113883.19.5" extension="ccd-1"/>
  <code code="34133-9" codeSystem="2.16.840.1.113883.6.1"/>
  <title>Continuity of Care Document</title>
  <effectiveTime value="20260301150000+0000"/>
  <confidentialityCode code="N" codeSystem="2.16.840.1.113883.5.25"/>
  <languageCode code="en-US"/>
  <recordTarget><patientRole><id root="2.16.840.1.113883.19.5" extension="p1"/><patient>
    <name><given>Homer</given><given>Jay</given><family>Simpson</family></name>
    <administrativeGenderCode code="M" codeSystem="2.16.840.1.113883.5.1"/>
    <birthTime value="19790512"/>
  </patient></patientRole></recordTarget>
  <author><time value="20260301150000+0000"/><assignedAuthor><id root="2.16.840.1.113883.4.6" extension="1"/>
    <assignedPerson><name><prefix>Dr.</prefix><given>Julia</given><family>Hibbert</family></name></assignedPerson>
  </assignedAuthor></author>
  <custodian><assignedCustodian><representedCustodianOrganization><id root="2.16.840.1.113883.19.5"/>
    <name>Springfield Family Clinic</name>
  </representedCustodianOrganization></assignedCustodian></custodian>
  <component><structuredBody>
    <component><section>
      <title>Allergies and Adverse Reactions</title>
      <text><table><thead><tr><th>Substance</th><th>Reaction</th><th>Severity</th></tr></thead>
        <tbody>${rows([
          ['Penicillin G', 'Hives', 'Moderate'],
          ['Shellfish', 'Nausea', 'Mild'],
        ])}</tbody></table></text>
    </section></component>
    <component><section>
      <title>Problems</title>
      <text><list><item><content styleCode="Bold">Essential hypertension</content></item><item>Hyperlipidemia</item></list></text>
    </section></component>
    <component><section>
      <title>Results</title>
      <text><table><thead><tr><th>Test</th><th>Value</th><th>Reference Range</th></tr></thead>
        <tbody>${rows(tests)}</tbody></table></text>
    </section></component>
  </structuredBody></component>
</ClinicalDocument>`;
}

/** A JSON answer as a validator sends it. */
export const validatorAnswer = (body: unknown, status = 200, statusText = 'OK') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } });
