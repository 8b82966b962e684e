import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Every search goes through the package's FhirClient (clientApi keeps the status/body shape).
import { backends, clientApi, clientFor, createAccount, startTestServer, type TestServer } from '../test/test-server';

const ids = (res: { body: any }) =>
  (res.body.entry ?? []).filter((e: any) => e.search?.mode !== 'include').map((e: any) => e.resource.id);

describe.each(backends())('search (%s)', (backend) => {
  let server: TestServer;
  let api: ReturnType<typeof clientApi>;
  const P = { alice: 'alice', bob: 'bob', dr: 'dr-house' };

  beforeAll(async () => {
    server = await startTestServer(backend);
    api = clientApi(clientFor(server, (await createAccount(server, 'Practitioner')).token));
    const repo = server.ctx.systemRepo;
    const put = (r: any) => repo.updateResource(r);
    await put({
      resourceType: 'Patient',
      id: P.alice,
      name: [{ family: 'Älvarez', given: ['Alice', 'Marie'] }],
      birthDate: '1980-05-17',
      gender: 'female',
      telecom: [{ system: 'email', value: 'alice@example.com' }],
    });
    await put({
      resourceType: 'Patient',
      id: P.bob,
      name: [{ family: 'Builder', given: ['Bob'] }],
      birthDate: '1990-01-01',
      gender: 'male',
      telecom: [{ system: 'phone', value: '555' }],
    });
    await put({
      resourceType: 'Practitioner',
      id: P.dr,
      name: [{ family: 'House', given: ['Gregory'], prefix: ['Dr.'] }],
    });
    await put({
      resourceType: 'Coverage',
      id: 'cov-a',
      status: 'active',
      beneficiary: { reference: 'Patient/alice' },
      payor: [{ display: 'Ins' }],
    });
    const obs = (id: string, code: string, patient: string, date: string, value?: number) =>
      put({
        resourceType: 'Observation',
        id,
        status: 'final',
        code: {
          coding: [{ system: 'http://loinc.org', code, display: code === '8867-4' ? 'Heart rate' : 'Body weight' }],
          text: code,
        },
        subject: { reference: `Patient/${patient}` },
        effectiveDateTime: date,
        ...(value !== undefined
          ? { valueQuantity: { value, unit: 'beats/minute', system: 'http://unitsofmeasure.org', code: '/min' } }
          : {}),
      });
    await obs('hr-1', '8867-4', P.alice, '2024-01-10T10:00:00Z', 60);
    await obs('hr-2', '8867-4', P.alice, '2024-02-10T10:00:00Z', 80);
    await obs('wt-1', '29463-7', P.alice, '2024-03-01', 150);
    await obs('hr-3', '8867-4', P.bob, '2024-01-15T10:00:00Z', 70);
    await put({
      resourceType: 'Questionnaire',
      id: 'q1',
      status: 'active',
      url: 'http://example.org/q/intake',
      name: 'intake',
      title: 'Intake form',
    });
    const qr = (id: string, authored: string) =>
      put({
        resourceType: 'QuestionnaireResponse',
        id,
        status: 'completed',
        questionnaire: 'http://example.org/q/intake',
        subject: { reference: 'Patient/alice' },
        source: { reference: 'Patient/alice' },
        authored,
      });
    await qr('qr-1', '2024-01-01T00:00:00Z');
    await qr('qr-2', '2024-03-01T00:00:00Z');
    await qr('qr-3', '2024-02-01T00:00:00Z');
    const msg = (id: string, sender: string, recipient: string, sent?: string) =>
      put({
        resourceType: 'Communication',
        id,
        status: 'in-progress',
        sender: { reference: sender },
        recipient: [{ reference: recipient }],
        subject: { reference: 'Patient/alice' },
        ...(sent ? { sent } : {}),
        payload: [{ contentString: id }],
      });
    await msg('m1', 'Patient/alice', 'Practitioner/dr-house', '2024-01-01T10:00:00Z');
    await msg('m2', 'Practitioner/dr-house', 'Patient/alice', '2024-01-02T10:00:00Z');
    await msg('m3', 'Patient/alice', 'Practitioner/dr-house');
    await put({ resourceType: 'Schedule', id: 'sch-1', actor: [{ reference: 'Practitioner/dr-house' }] });
    await put({ resourceType: 'Schedule', id: 'sch-2', actor: [{ reference: 'Practitioner/other' }] });
    for (let i = 0; i < 6; i++) {
      await put({
        resourceType: 'Slot',
        id: `slot-${i}`,
        schedule: { reference: i < 4 ? 'Schedule/sch-1' : 'Schedule/sch-2' },
        status: i === 1 ? 'busy' : 'free',
        start: `2030-01-0${i + 1}T09:00:00Z`,
        end: `2030-01-0${i + 1}T09:30:00Z`,
      });
    }
    await put({
      resourceType: 'Appointment',
      id: 'ap-1',
      status: 'booked',
      start: '2030-01-02T09:00:00Z',
      slot: [{ reference: 'Slot/slot-1' }],
      participant: [
        { actor: { reference: 'Patient/alice' }, status: 'accepted' },
        { actor: { reference: 'Practitioner/dr-house' }, status: 'accepted' },
      ],
    });
    await put({
      resourceType: 'CarePlan',
      id: 'cp-1',
      status: 'active',
      intent: 'plan',
      subject: { reference: 'Patient/alice' },
      period: { start: '2024-01-01' },
    });
    await put({
      resourceType: 'DiagnosticReport',
      id: 'dr-1',
      status: 'final',
      code: { text: 'CBC' },
      subject: { reference: 'Patient/alice' },
    });
    await put({
      resourceType: 'MedicationRequest',
      id: 'mr-1',
      status: 'active',
      intent: 'order',
      medicationCodeableConcept: { text: 'Aspirin' },
      subject: { reference: 'Patient/alice' },
    });
    await put({
      resourceType: 'Immunization',
      id: 'im-1',
      status: 'completed',
      vaccineCode: { text: 'Flu' },
      patient: { reference: 'Patient/alice' },
      occurrenceDateTime: '2023-10-01',
    });
    await put({ resourceType: 'ValueSet', id: 'vs-1', status: 'active', url: 'http://example.org/vs/x' });
  });
  afterAll(async () => {
    await server?.destroy();
  });

  describe('string parameters', () => {
    it('matches a prefix, case and accent insensitive', async () => {
      expect(ids(await api('GET', 'Patient?name=alv'))).toEqual([P.alice]);
      expect(ids(await api('GET', 'Patient?family=ALV'))).toEqual([P.alice]);
      expect(ids(await api('GET', 'Patient?given=mar'))).toEqual([P.alice]);
    });
    it('supports :exact and :contains', async () => {
      expect(ids(await api('GET', 'Patient?family:exact=Älvarez'))).toEqual([P.alice]);
      expect(ids(await api('GET', 'Patient?family:exact=älvarez'))).toEqual([]);
      expect(ids(await api('GET', 'Patient?name:contains=ilde'))).toEqual([P.bob]);
    });
    it('finds practitioners by name and questionnaires by name/title/url', async () => {
      expect(ids(await api('GET', 'Practitioner?name=greg'))).toEqual([P.dr]);
      expect(ids(await api('GET', 'Questionnaire?name=intake'))).toEqual(['q1']);
      expect(ids(await api('GET', 'Questionnaire?title=intake'))).toEqual(['q1']);
      expect(ids(await api('GET', 'Questionnaire?url=http://example.org/q/intake'))).toEqual(['q1']);
      expect(ids(await api('GET', 'ValueSet?url=http://example.org/vs/x'))).toEqual(['vs-1']);
    });
  });

  describe('token parameters', () => {
    it('matches code, system|code, |code-less and :not, :text', async () => {
      expect(ids(await api('GET', 'Observation?code=8867-4&_sort=_id'))).toEqual(['hr-1', 'hr-2', 'hr-3']);
      expect(ids(await api('GET', 'Observation?code=http://loinc.org|29463-7'))).toEqual(['wt-1']);
      expect(ids(await api('GET', 'Observation?code=http://other|29463-7'))).toEqual([]);
      expect(ids(await api('GET', 'Observation?code:not=8867-4'))).toEqual(['wt-1']);
      expect(ids(await api('GET', 'Observation?code:text=weight'))).toEqual(['wt-1']);
      expect(ids(await api('GET', 'Patient?gender=female'))).toEqual([P.alice]);
      expect(ids(await api('GET', 'Patient?email=alice@example.com'))).toEqual([P.alice]);
      expect(ids(await api('GET', 'Patient?email:contains=ALICE@'))).toEqual([P.alice]);
    });
    it('ORs comma separated values', async () => {
      expect(ids(await api('GET', 'Observation?code=29463-7,8867-4&patient=bob'))).toEqual(['hr-3']);
    });
  });

  describe('reference parameters', () => {
    it('matches Type/id and a bare id', async () => {
      expect(ids(await api('GET', 'Coverage?beneficiary=Patient/alice'))).toEqual(['cov-a']);
      expect(ids(await api('GET', 'Observation?patient=alice&code=8867-4&_sort=_id'))).toEqual(['hr-1', 'hr-2']);
      expect(ids(await api('GET', 'Observation?subject=Patient/bob'))).toEqual(['hr-3']);
      expect(ids(await api('GET', 'Schedule?actor=Practitioner/dr-house'))).toEqual(['sch-1']);
      expect(ids(await api('GET', 'Appointment?patient=Patient/alice'))).toEqual(['ap-1']);
      expect(ids(await api('GET', 'Appointment?actor=Practitioner/dr-house'))).toEqual(['ap-1']);
      expect(ids(await api('GET', 'Appointment?slot=Slot/slot-1'))).toEqual(['ap-1']);
      expect(ids(await api('GET', 'CarePlan?subject=Patient/alice'))).toEqual(['cp-1']);
      expect(ids(await api('GET', 'DiagnosticReport?patient=Patient/alice'))).toEqual(['dr-1']);
      expect(ids(await api('GET', 'DiagnosticReport?subject=Patient/alice'))).toEqual(['dr-1']);
      expect(ids(await api('GET', 'MedicationRequest?patient=Patient/alice'))).toEqual(['mr-1']);
      expect(ids(await api('GET', 'Immunization?patient=Patient/alice&date=ge2023-01-01'))).toEqual(['im-1']);
    });
    it('matches a canonical questionnaire url and sorts by authored descending', async () => {
      const res = await api('GET', 'QuestionnaireResponse?source=Patient/alice&_sort=-authored');
      expect(ids(res)).toEqual(['qr-2', 'qr-3', 'qr-1']);
      expect(
        ids(
          await api(
            'GET',
            'QuestionnaireResponse?questionnaire=http://example.org/q/intake&subject=Patient/alice&_sort=authored'
          )
        )
      ).toEqual(['qr-1', 'qr-3', 'qr-2']);
    });
  });

  describe('date parameters', () => {
    it('supports gt/lt/ge/le/eq/ne/sa/eb/ap and partial dates', async () => {
      expect(
        ids(
          await api(
            'GET',
            'Slot?schedule=Schedule/sch-1&start=gt2030-01-01T09:00:00Z&start=lt2030-01-04T00:00:00Z&_sort=start'
          )
        )
      ).toEqual(['slot-1', 'slot-2']);
      expect(ids(await api('GET', 'Slot?start=ge2030-01-05&_sort=start'))).toEqual(['slot-4', 'slot-5']);
      expect(ids(await api('GET', 'Slot?start=le2030-01-01&_sort=start'))).toEqual(['slot-0']);
      expect(ids(await api('GET', 'Slot?start=2030-01-03'))).toEqual(['slot-2']);
      expect(ids(await api('GET', 'Slot?start=ne2030-01&_count=100'))).toEqual([]);
      expect(ids(await api('GET', 'Slot?start=sa2030-01-05&_sort=start'))).toEqual(['slot-5']);
      expect(ids(await api('GET', 'Slot?start=eb2030-01-02'))).toEqual(['slot-0']);
      // ap: within 10% of the distance from now (at least a day)
      expect(ids(await api('GET', 'Slot?start=ap2030-01-03T09:00:00Z&_sort=start'))).toContain('slot-2');
      expect(ids(await api('GET', 'Slot?start=ap2040-01-01'))).toEqual([]);
      expect(ids(await api('GET', 'Observation?date=2024-01&_sort=date'))).toEqual(['hr-1', 'hr-3']);
      expect(ids(await api('GET', 'Patient?birthdate=1980'))).toEqual([P.alice]);
    });
    it('searches slots by schedule list, status and range like the scheduler', async () => {
      const res = await api(
        'GET',
        'Slot?_count=720&schedule=Schedule/sch-1,Schedule/sch-2&status=free&start=gt2030-01-01T00:00:00Z&start=lt2030-02-01T00:00:00Z&_sort=start'
      );
      expect(ids(res)).toEqual(['slot-0', 'slot-2', 'slot-3', 'slot-4', 'slot-5']);
    });
    it('ORs comma-separated values that each carry their own prefix, as MedplumClient sends them', async () => {
      const res = await api('GET', 'Slot?start=gt2030-01-05T00:00:00Z,lt2030-01-02T00:00:00Z&_sort=start');
      expect(res.status).toBe(200);
      expect(ids(res)).toEqual(['slot-0', 'slot-4', 'slot-5']);
      // A value without a prefix is eq; _lastUpdated reads them the same way.
      expect(ids(await api('GET', 'Slot?start=gt2030-01-05T00:00:00Z,2030-01-02&_sort=start'))).toEqual([
        'slot-1',
        'slot-4',
        'slot-5',
      ]);
      expect(ids(await api('GET', 'Slot?_lastUpdated=lt2000-01-01,gt2000-01-01&_count=100')).length).toBe(6);
      expect(ids(await api('GET', 'Slot?_lastUpdated=lt2000-01-01,gt2999-01-01'))).toEqual([]);
    });
    it('filters and sorts by _lastUpdated', async () => {
      const res = await api('GET', `Slot?_lastUpdated=gt2000-01-01&_sort=-_lastUpdated&_count=2`);
      expect(ids(res)).toEqual(['slot-5', 'slot-4']);
    });
  });

  describe('number and quantity parameters', () => {
    it('compares quantities with prefixes', async () => {
      expect(ids(await api('GET', 'Observation?value-quantity=gt65&code=8867-4&_sort=_id'))).toEqual(['hr-2', 'hr-3']);
      expect(ids(await api('GET', 'Observation?value-quantity=80|http://unitsofmeasure.org|/min'))).toEqual(['hr-2']);
      expect(ids(await api('GET', 'Observation?value-quantity=le60'))).toEqual(['hr-1']);
      expect(ids(await api('GET', 'Observation?value-quantity=lt61,gt75&code=8867-4&_sort=_id'))).toEqual([
        'hr-1',
        'hr-2',
      ]);
    });
  });

  describe('communications like the chat', () => {
    it('sorts by -sent and drops unsent with sent:missing=false', async () => {
      const res = await api(
        'GET',
        'Communication?sender=Patient/alice,Practitioner/dr-house&recipient=Patient/alice,Practitioner/dr-house&_sort=-sent&sent:missing=false'
      );
      expect(ids(res)).toEqual(['m2', 'm1']);
      expect(ids(await api('GET', 'Communication?sent:missing=true'))).toEqual(['m3']);
      expect(ids(await api('GET', 'Communication?subject=Patient/alice&_sort=sent'))).toEqual(['m1', 'm2', 'm3']);
    });
  });

  describe('paging, totals and links', () => {
    it('pages with _count/_offset, total and next/previous links', async () => {
      const first = await api('GET', 'Slot?_sort=start&_count=2&_total=accurate');
      expect(first.body.total).toBe(6);
      expect(ids(first)).toEqual(['slot-0', 'slot-1']);
      const links = Object.fromEntries(first.body.link.map((l: any) => [l.relation, l.url]));
      expect(links.self).toBe(`${server.url}fhir/R4/Slot?_sort=start&_count=2&_total=accurate`);
      expect(links.next).toContain('_offset=2');
      expect(links.previous).toBeUndefined();
      const second = await api('GET', links.next);
      expect(ids(second)).toEqual(['slot-2', 'slot-3']);
      expect(second.body.link.find((l: any) => l.relation === 'previous').url).toContain('_offset=0');
      const last = await api('GET', 'Slot?_sort=start&_count=2&_offset=4');
      expect(last.body.link.find((l: any) => l.relation === 'next')).toBeUndefined();
    });
    it('defaults to 20 and allows up to 1000', async () => {
      expect((await api('GET', 'Slot?_count=1001')).status).toBe(400);
      expect((await api('GET', 'Slot?_count=1000')).status).toBe(200);
    });
    it('sorts by several keys', async () => {
      expect(ids(await api('GET', 'Slot?_sort=-status,start'))).toEqual([
        'slot-0',
        'slot-2',
        'slot-3',
        'slot-4',
        'slot-5',
        'slot-1',
      ]);
    });
    it('answers _summary=count', async () => {
      const res = await api('GET', 'Observation?_summary=count');
      expect(res.body.total).toBe(4);
      expect(res.body.entry).toEqual([]);
    });
  });

  describe('_include and _revinclude', () => {
    it('includes referenced resources', async () => {
      const res = await api('GET', 'Appointment?_id=ap-1&_include=Appointment:actor');
      const included = res.body.entry
        .filter((e: any) => e.search.mode === 'include')
        .map((e: any) => `${e.resource.resourceType}/${e.resource.id}`);
      expect(included.sort()).toEqual(['Patient/alice', 'Practitioner/dr-house']);
      const slots = await api('GET', 'Slot?_id=slot-0&_include=Slot:schedule');
      expect(slots.body.entry.map((e: any) => e.resource.id)).toEqual(['slot-0', 'sch-1']);
    });
    it('revincludes resources that point at the matches', async () => {
      const res = await api('GET', 'Patient?_id=bob&_revinclude=Observation:subject');
      expect(res.body.entry.map((e: any) => e.resource.id)).toEqual([P.bob, 'hr-3']);
    });
    it('rejects a bad include', async () => {
      expect((await api('GET', 'Patient?_include=*')).status).toBe(400);
      expect((await api('GET', 'Patient?_include=Observation:subject')).status).toBe(400);
    });
  });

  describe('POST _search', () => {
    it('takes a form body', async () => {
      const res = await api(
        'POST',
        'Observation/_search',
        'code=8867-4&patient=Patient/bob',
        'application/x-www-form-urlencoded'
      );
      expect(res.status).toBe(200);
      expect(ids(res)).toEqual(['hr-3']);
    });
  });

  describe('when a parameter or value is bad', () => {
    it('names the unknown parameter', async () => {
      const res = await api('GET', 'Patient?shoe-size=42');
      expect(res.status).toBe(400);
      expect(res.body.issue[0].details.text).toBe('Unknown search parameter for Patient: shoe-size');
      expect(res.body.issue[0].expression).toEqual(['shoe-size']);
    });
    it('names a bad date, number, modifier or sort', async () => {
      const date = await api('GET', 'Slot?start=gt2030-13-45');
      expect(date.status).toBe(400);
      expect(date.body.issue[0].details.text).toBe('Invalid format for date search parameter: gt2030-13-45');
      expect((await api('GET', 'Observation?value-quantity=lots')).body.issue[0].details.text).toBe(
        'Invalid format for quantity search parameter: lots'
      );
      expect((await api('GET', 'Patient?name:fuzzy=x')).body.issue[0].details.text).toBe(
        'Unknown modifier :fuzzy on name'
      );
      expect((await api('GET', 'Patient?_sort=height')).status).toBe(400);
      expect((await api('GET', 'Communication?sent:missing=maybe')).status).toBe(400);
      expect((await api('GET', 'Patient?_count=abc')).status).toBe(400);
    });
  });
});
