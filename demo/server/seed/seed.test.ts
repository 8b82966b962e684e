import { canReadResourceType, isFieldReadonly } from '../../../src/fhir/access-policy';
import { validateAccessPolicy } from '../access/access-policy';
import { verifyPassword } from '../auth/password';
import { clientSecretDigest } from '../auth/client-secrets';
import { buildSeed, seedIfEmpty } from './seed';
import { VITAL_READINGS, VitalsCatalogue } from './clinical';
import {
  DEMO_CLIENT_ID,
  DEMO_CLIENT_SECRET,
  DEMO_MFA_SECRET,
  DEMO_PROJECT_ID,
  DemoCredentials,
  DemoIds,
  QuestionnaireUrls,
} from './ids';
import { signIn, startTestServer, type TestServer } from '../test/login-helpers';
import { failure } from '../test/test-server';
import { CLINICIAN_ROLES, practitionerIds } from '../../app/src/messages/careTeam';

// A Wednesday, mid-morning UTC.
const NOW = new Date('2026-11-18T10:30:00Z');

function flatten(items: any[] = []): any[] {
  return items.flatMap((i) => [i, ...flatten(i.item)]);
}

describe('the seed records', () => {
  let records: any[];
  const ofType = (type: string) => records.filter((r) => r.resourceType === type);
  const byId = (type: string, id: string) => records.find((r) => r.resourceType === type && r.id === id);

  beforeAll(async () => {
    records = await buildSeed(NOW);
  });

  it('gives every record an id, unique per type, the same on every build', async () => {
    const keys = records.map((r) => `${r.resourceType}/${r.id}`);
    expect(records.every((r) => typeof r.id === 'string' && r.id)).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
    const again = await buildSeed(NOW);
    expect(again.map((r) => `${r.resourceType}/${r.id}`)).toEqual(keys);
  });

  it("holds the 'Demo Project' with its fixed id and the demo client", () => {
    expect(byId('Project', DEMO_PROJECT_ID)).toMatchObject({ name: 'Demo Project' });
    expect(byId('ClientApplication', DEMO_CLIENT_ID)).toMatchObject({
      secretDigest: clientSecretDigest(DEMO_CLIENT_SECRET),
    });
    expect(JSON.stringify(byId('ClientApplication', DEMO_CLIENT_ID))).not.toContain(DEMO_CLIENT_SECRET);
  });

  it('holds the demo users with hashed passwords; the MFA user has the fixed TOTP secret', async () => {
    const users = ofType('User');
    expect(users.map((u) => u.email).sort()).toEqual([
      'doctor@example.com',
      'frontdesk@example.com',
      'lucia@example.com',
      'mfa@example.com',
      'patient@example.com',
      'sam@northwind.example',
    ]);
    // Sam signs in at the external provider only: no password matches the account.
    const sam = users.find((u) => u.email === 'sam@northwind.example');
    expect(sam.passwordHash).toBe('');
    expect(await verifyPassword('', sam.passwordHash)).toBe(false);
    for (const c of Object.values(DemoCredentials)) {
      const user = users.find((u) => u.email === c.email);
      expect(user.passwordHash).not.toContain(c.password);
      expect(await verifyPassword(c.password, user.passwordHash)).toBe(true);
    }
    expect(users.find((u) => u.email === 'mfa@example.com')).toMatchObject({
      mfaEnrolled: true,
      mfaSecret: DEMO_MFA_SECRET,
    });
    expect(DEMO_MFA_SECRET).toMatch(/^[A-Z2-7]{32}$/);
  });

  it('makes the doctor an admin and the patients plain members of the demo project', () => {
    const memberships = ofType('ProjectMembership');
    expect(byId('ProjectMembership', DemoIds.doctorMembership)).toMatchObject({
      admin: true,
      profile: { reference: `Practitioner/${DemoIds.doctor}` },
    });
    expect(byId('ProjectMembership', DemoIds.patientMembership)).toMatchObject({
      admin: false,
      profile: { reference: `Patient/${DemoIds.patient}` },
    });
    expect(memberships.every((m) => m.project.reference === `Project/${DEMO_PROJECT_ID}`)).toBe(true);
  });

  it('describes the patient with name, birth date, address and email', () => {
    const homer = byId('Patient', DemoIds.patient);
    expect(homer.name[0]).toMatchObject({ given: ['Homer', 'Jay'], family: 'Simpson' });
    expect(homer.birthDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(homer.address[0]).toMatchObject({ city: 'Springfield', line: ['742 Evergreen Terrace'] });
    expect(homer.telecom).toContainEqual(expect.objectContaining({ system: 'email', value: 'patient@example.com' }));
  });

  it('has a patient whose preferred language is Spanish', () => {
    const lucia = byId('Patient', DemoIds.spanishPatient);
    expect(lucia.communication.find((c: { preferred?: boolean }) => c.preferred)).toEqual({
      language: { coding: [{ system: 'urn:ietf:bcp:47', code: 'es', display: 'Spanish' }] },
      preferred: true,
    });
    expect(byId('ProjectMembership', DemoIds.spanishMembership)).toMatchObject({
      admin: false,
      profile: { reference: `Patient/${DemoIds.spanishPatient}` },
    });
  });

  it('has four clinicians and the front-desk member', () => {
    expect(ofType('Practitioner')).toHaveLength(5);
    expect(byId('Practitioner', DemoIds.frontDesk).qualification[0].code.text).toBe('Front desk');
  });

  it('links the front-desk member to a valid policy: demographics, read-only telecom, no clinical types', () => {
    const membership = byId('ProjectMembership', DemoIds.frontDeskMembership);
    expect(membership.accessPolicy.reference).toBe(`AccessPolicy/${DemoIds.frontDeskPolicy}`);
    const policy = validateAccessPolicy(byId('AccessPolicy', DemoIds.frontDeskPolicy));
    expect(isFieldReadonly(policy, 'Patient', 'telecom')).toBe(true);
    expect(isFieldReadonly(policy, 'Patient', 'name')).toBe(false);
    for (const type of ['Observation', 'DiagnosticReport', 'MedicationRequest', 'Condition', 'Communication']) {
      expect(canReadResourceType(policy, type), type).toBe(false);
    }
  });

  it('offers free one-hour slots on weekdays 09:00–17:00 UTC for the next 31 days, all after now', () => {
    const schedule = byId('Schedule', DemoIds.schedule);
    expect(schedule.actor[0].reference).toBe(`Practitioner/${DemoIds.doctor}`);
    const slots = ofType('Slot');
    for (const slot of slots) {
      const start = new Date(slot.start);
      expect(slot.status).toBe('free');
      expect(slot.schedule.reference).toBe(`Schedule/${DemoIds.schedule}`);
      expect(new Date(slot.end).getTime() - start.getTime()).toBe(3600_000);
      expect([1, 2, 3, 4, 5]).toContain(start.getUTCDay());
      expect(start.getUTCHours()).toBeGreaterThanOrEqual(9);
      expect(start.getUTCHours()).toBeLessThanOrEqual(16);
      expect(start.getTime()).toBeGreaterThan(NOW.getTime());
      expect(start.getTime()).toBeLessThan(NOW.getTime() + 31 * 24 * 3600_000);
    }
    // Today (a Wednesday) has 11:00–16:00 left, then 22 more weekdays of 8 slots up to Friday 18 December.
    expect(slots.filter((s) => s.start.startsWith('2026-11-18')).map((s) => s.start.slice(11, 13))).toEqual([
      '11',
      '12',
      '13',
      '14',
      '15',
      '16',
    ]);
    expect(slots.length).toBe(6 + 22 * 8);
  });

  it('has two years of readings of each vital of the catalogue, blood pressure as components', () => {
    const observations = ofType('Observation');
    for (const vital of VitalsCatalogue) {
      const readings = observations.filter((o) => o.code.coding[0].code === vital.code);
      expect(readings).toHaveLength(VITAL_READINGS);
      for (const r of readings) {
        expect(r.subject.reference).toBe(`Patient/${DemoIds.patient}`);
        expect(new Date(r.effectiveDateTime).getTime()).toBeLessThan(NOW.getTime());
        if (vital.id === 'blood-pressure') {
          expect(r.component.map((c: any) => c.code.coding[0].code)).toEqual(['8462-4', '8480-6']);
          expect(r.component.every((c: any) => c.valueQuantity.unit === 'mm[Hg]')).toBe(true);
        } else {
          expect(r.valueQuantity).toMatchObject({ unit: vital.unit, value: expect.any(Number) });
        }
      }
    }
  });

  it('has lab reports whose results are stored observations', () => {
    const reports = ofType('DiagnosticReport');
    expect(reports.length).toBeGreaterThanOrEqual(3);
    for (const report of reports) {
      expect(report.code.text).toEqual(expect.any(String));
      for (const result of report.result) expect(byId('Observation', result.reference.split('/')[1])).toBeDefined();
    }
  });

  it('has medications, past and upcoming vaccines, care plan items, coverage, payments and a chat', () => {
    const meds = ofType('MedicationRequest');
    expect(meds.length).toBeGreaterThanOrEqual(3);
    expect(
      meds.every((m) => m.medicationCodeableConcept.text && m.requester.display && m.dosageInstruction[0].timing)
    ).toBe(true);
    const vaccines = ofType('Immunization');
    expect(vaccines.some((v) => new Date(v.occurrenceDateTime) > NOW)).toBe(true);
    expect(vaccines.some((v) => new Date(v.occurrenceDateTime) < NOW)).toBe(true);
    const plans = ofType('CarePlan');
    expect(plans.length).toBeGreaterThanOrEqual(4);
    expect(
      plans.every(
        (p) =>
          p.title && p.status && p.period.start && p.period.end && p.subject.reference === `Patient/${DemoIds.patient}`
      )
    ).toBe(true);
    const coverage = ofType('Coverage');
    expect(coverage[0]).toMatchObject({
      payor: [{ display: expect.any(String) }],
      subscriberId: expect.any(String),
      relationship: { coding: [{ code: 'self' }] },
    });
    expect(ofType('PaymentNotice').length).toBeGreaterThanOrEqual(1);
    const chat = ofType('Communication');
    expect(chat.some((c) => c.sender.reference === `Patient/${DemoIds.patient}`)).toBe(true);
    expect(chat.some((c) => c.sender.reference === `Practitioner/${DemoIds.doctor}`)).toBe(true);
  });

  describe('the patient intake questionnaire', () => {
    const intake = () => records.find((r) => r.url === QuestionnaireUrls.intake);

    it('requires first name, last name and SSN, and in coverage provider, subscriber ID and relationship', () => {
      const required = flatten(intake().item)
        .filter((i) => i.required)
        .map((i) => i.linkId);
      expect(required.sort()).toEqual([
        'first-name',
        'insurance-provider',
        'last-name',
        'relationship-to-subscriber',
        'ssn',
        'subscriber-id',
      ]);
      const coverage = flatten(intake().item).find((i) => i.linkId === 'coverage-information');
      expect(coverage.item.filter((i: any) => i.required).map((i: any) => i.linkId)).toEqual([
        'insurance-provider',
        'subscriber-id',
        'relationship-to-subscriber',
      ]);
    });

    it('offers female, male, other and unknown in a drop-down that starts empty', () => {
      const gender = flatten(intake().item).find((i) => i.linkId === 'gender');
      expect(gender.answerOption.map((o: any) => o.valueCoding.code)).toEqual(['female', 'male', 'other', 'unknown']);
      expect(gender.initial).toBeUndefined();
    });

    it('shows subscriber information unless the relationship is other, self or injured', () => {
      const related = flatten(intake().item).find((i) => i.linkId === 'related-person');
      expect(related.enableBehavior).toBe('all');
      expect(related.enableWhen.map((w: any) => [w.question, w.operator, w.answerCoding.code])).toEqual([
        ['relationship-to-subscriber', '!=', 'other'],
        ['relationship-to-subscriber', '!=', 'self'],
        ['relationship-to-subscriber', '!=', 'injured'],
      ]);
    });

    it('shows the estimated delivery date only when pregnant', () => {
      const edd = flatten(intake().item).find((i) => i.linkId === 'estimated-delivery-date');
      expect(edd.enableWhen).toEqual([
        { question: 'pregnancy-status', operator: '=', answerCoding: expect.objectContaining({ code: '77386006' }) },
      ]);
    });
  });

  describe('the AHC HRSN screening', () => {
    const screening = () => records.find((r) => r.url === QuestionnaireUrls.screening);

    it('is a draft whose scores appear in help text only', () => {
      expect(screening().status).toBe('draft');
      const helps = flatten(screening().item).filter(
        (i) => i.type === 'display' && i.extension?.[0]?.valueCodeableConcept?.coding?.[0]?.code === 'help'
      );
      expect(helps.find((h) => h.linkId === 'safety-score').text).toMatch(/7 to 10.*11 or more/);
      expect(helps.find((h) => h.linkId === 'mental-health-score').text).toMatch(/3 or more/);
    });

    it('offers 0 to 7 days and the minutes of section 9 for physical activity', () => {
      const vs = (url: string) =>
        records
          .find((r) => r.resourceType === 'ValueSet' && r.url === url)
          .compose.include[0].concept.map((c: any) => c.display);
      const days = flatten(screening().item).find((i) => i.linkId === 'activity-days');
      const minutes = flatten(screening().item).find((i) => i.linkId === 'activity-minutes');
      expect(vs(days.answerValueSet)).toEqual([
        '0 days',
        '1 day',
        '2 days',
        '3 days',
        '4 days',
        '5 days',
        '6 days',
        '7 days',
      ]);
      expect(vs(minutes.answerValueSet)).toEqual([
        '0 minutes',
        '10 minutes',
        '20 minutes',
        '30 minutes',
        '40 minutes',
        '50 minutes',
        '60 minutes',
        '90 minutes',
        '120 minutes',
        '150 or greater',
      ]);
    });
  });

  it('stores a ValueSet for every answerValueSet of every questionnaire', () => {
    const urls = new Set(ofType('ValueSet').map((v) => v.url));
    const used = ofType('Questionnaire')
      .flatMap((q) => flatten(q.item))
      .map((i) => i.answerValueSet)
      .filter(Boolean);
    expect(used.length).toBeGreaterThan(10);
    for (const url of used) expect(urls).toContain(url);
  });
});

describe('seedIfEmpty on a running server', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('seeded at start, and does nothing when the data is there', async () => {
    expect(await seedIfEmpty(server.ctx)).toBe(false);
    const project = await server.ctx.systemRepo.readResource<any>('Project', DEMO_PROJECT_ID);
    expect(project.name).toBe('Demo Project');
  });

  it('serves the seed over REST: vitals, slots and value set expansions', async () => {
    const { client } = await signIn(server.url, DemoCredentials.patient.email, DemoCredentials.patient.password);
    const weight = await client.search('Observation', {
      code: '29463-7',
      patient: `Patient/${DemoIds.patient}`,
      _count: '100',
    });
    expect(weight.entry).toHaveLength(VITAL_READINGS);
    const slots = await client.search('Slot', { schedule: `Schedule/${DemoIds.schedule}`, _count: '720' });
    expect(slots.entry!.length).toBeGreaterThan(100);
    const expanded = await client.valueSetExpand({ url: 'http://hl7.org/fhir/ValueSet/subscriber-relationship' });
    expect(expanded.expansion!.contains!.map((c: any) => c.code)).toEqual([
      'child',
      'parent',
      'spouse',
      'common',
      'other',
      'self',
      'injured',
    ]);
    const q = await client.readResource('Questionnaire', DemoIds.intakeQuestionnaire);
    expect(q.title).toBe('Patient Intake Questionnaire');
  });

  it("lists the clinicians, not the front desk, as the people a patient can message (the Messages page's search)", async () => {
    const { client } = await signIn(server.url, DemoCredentials.patient.email, DemoCredentials.patient.password);
    const roles = await client.searchResources('PractitionerRole', { ...CLINICIAN_ROLES });
    const ids = practitionerIds(roles);
    expect(ids).toHaveLength(4);
    expect(ids).toContain(DemoIds.doctor);
    expect(ids).not.toContain(DemoIds.frontDesk);
    const people = await client.searchResources('Practitioner', { _id: ids.join(','), _count: '100' });
    expect(people.map((p) => p.name?.[0]?.family).sort()).toEqual(['Chen', 'Hibbert', 'Okafor', 'Raman']);
  });

  it('signs the front desk in under its policy: demographics yes, clinical records no, telecom read-only', async () => {
    const { client } = await signIn(server.url, DemoCredentials.frontDesk.email, DemoCredentials.frontDesk.password);
    const patients = await client.search('Patient', { _count: '100' });
    expect(patients.entry!.length).toBeGreaterThan(40);
    const homer = await client.readResource('Patient', DemoIds.patient);
    expect((await failure(client.search('Observation', { patient: `Patient/${DemoIds.patient}` }))).status).toBe(403);
    const changed = await failure(
      client.updateResource({ ...homer, telecom: [{ system: 'phone', value: '+1-541-555-9999' }] })
    );
    expect(changed.text).toBe('Forbidden: Patient.telecom is read-only');
    const renamed = await client.updateResource({ ...homer, name: [{ given: ['Homer', 'J.'], family: 'Simpson' }] });
    expect(renamed.name![0]!.given).toEqual(['Homer', 'J.']);
  });

  it('with reset, wipes what was added and seeds again', async () => {
    const extra = await server.ctx.systemRepo.createResource<any>({
      resourceType: 'Patient',
      name: [{ family: 'Extra' }],
    });
    expect(await seedIfEmpty(server.ctx, { reset: true })).toBe(true);
    await expect(server.ctx.systemRepo.readResource('Patient', extra.id)).rejects.toThrow();
    const homer = await server.ctx.systemRepo.readResource<any>('Patient', DemoIds.patient);
    expect(homer.meta.versionId).toBe('1');
    // The JWT key survives the reset: tokens keep working.
    await signIn(server.url, DemoCredentials.patient.email, DemoCredentials.patient.password);
  }, 120_000);
});
