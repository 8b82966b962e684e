import { describe, expect, it } from 'vitest';
import { parseDateRange } from './dates';
import { extractIndexRows, searchKeys } from './extract';
import { SqlParams, buildWhere } from './query';
import { parseSearchRequest } from './request';

const parse = (type: string, q: string) => parseSearchRequest(type, new URLSearchParams(q));

describe('search parsing', () => {
  it('reads result parameters', () => {
    const req = parse('Communication', '_count=5&_offset=10&_sort=-sent,_id&_total=accurate');
    expect(req).toMatchObject({ count: 5, offset: 10, total: 'accurate' });
    expect(req.sort.map((s) => [s.code, s.desc])).toEqual([
      ['sent', true],
      ['_id', false],
    ]);
  });
  it('splits comma values and keeps modifiers', () => {
    const req = parse('Slot', 'schedule=Schedule/1,Schedule/2&start:missing=false');
    expect(req.filters[0].values).toEqual(['Schedule/1', 'Schedule/2']);
    expect(req.filters[1]).toMatchObject({ code: 'start', operator: 'missing', values: ['false'] });
  });
  it('rejects unknown parameters, modifiers and bad values with the name', () => {
    expect(() => parse('Patient', 'foo=1')).toThrow('Unknown search parameter for Patient: foo');
    expect(() => parse('Patient', 'subject.name=x')).toThrow('Chained search is not supported: subject.name');
    expect(() => parse('Patient', 'birthdate=gtnope')).toThrow('Invalid format for date search parameter: gtnope');
    expect(() => parse('Patient', 'name:below=x')).toThrow('Unknown modifier :below on name');
    expect(() => parse('Patient', '_count=5000')).toThrow(/_count/);
    expect(() => parse('Patient', 'name=')).toThrow(/Missing value/);
  });
  it('parses with the library’s table: what the client can parse, the server can search', () => {
    expect(parse('Appointment', 'location=Location/1').filters[0]).toMatchObject({
      code: 'location',
      operator: 'eq',
      values: ['Location/1'],
      details: { type: 'reference', paths: ['participant.actor'], targets: ['Location'] },
    });
    expect(parse('Observation', 'subject:Patient=1').filters[0].values).toEqual(['Patient/1']);
    expect(parse('Slot', 'start=ge2030-01-01').filters[0]).toMatchObject({ operator: 'ge', values: ['2030-01-01'] });
    // The account records add their parameters through the parser's option.
    expect(parse('Login', 'user=User/1').filters[0]).toMatchObject({ code: 'user', values: ['User/1'] });
  });
  it('refuses what the library parses but the SQL builder does not implement', () => {
    expect(() => parse('Observation', 'code:in=http://vs')).toThrow('Unknown modifier :in on code');
    expect(() => parse('Observation', 'subject:identifier=x|1')).toThrow('Unknown modifier :identifier on subject');
    expect(() => parse('Observation', 'code-value-quantity=x$1')).toThrow('Unknown data type');
    expect(() => parse('Observation', '_sort=nope')).toThrow('Unknown sort parameter for Observation: nope');
    expect(() => parse('Observation', '_include=Observation:code')).toThrow(
      'Invalid _include: Observation has no reference parameter code'
    );
  });
  it('builds SQL with only the parameters it uses: ranges through search_index, equality through search_keys', () => {
    const p = new SqlParams();
    const where = buildWhere(parse('Slot', 'start=gt2030-01-01&status=free'), p, ['Patient/a']);
    expect(where).toContain('si.date_end >');
    expect(where).toContain('r.compartments @>');
    expect(where).toContain('r.search_keys @> ARRAY[$6]::text[]');
    expect(p.values).toEqual(['Slot', ['Patient/a'], 'Slot', 'start', '2030-01-01T23:59:59.999Z', 'Slot/status:free']);
  });
  it('turns token and reference values into search keys, and the rest into search_index conditions', () => {
    const p = new SqlParams();
    buildWhere(
      parse(
        'Observation',
        'code=http://loinc.org|8867-4&category=|vital-signs,x|&patient=123&subject=Group/9&status:not=final&code:text=heart'
      ),
      p
    );
    expect(p.values).toEqual([
      'Observation',
      'Observation/code=http://loinc.org|8867-4',
      ['Observation/category=|vital-signs', 'Observation/category=x|'],
      'Observation/patient>Patient/123',
      'Observation/subject>Group/9',
      'Observation/status:final',
      'Observation',
      'code',
      '%heart%',
    ]);
  });
});

describe('dates and index rows', () => {
  it('turns partial dates into ranges', () => {
    expect(parseDateRange('2024')).toEqual({ start: Date.UTC(2024, 0, 1), end: Date.UTC(2025, 0, 1) - 1 });
    expect(parseDateRange('2024-02-30')).toBeUndefined();
    expect(parseDateRange('2024-05-01T10:00:00+02:00')).toEqual({
      start: Date.UTC(2024, 4, 1, 8),
      end: Date.UTC(2024, 4, 1, 8) + 999,
    });
  });
  it('indexes names, tokens, references and periods', () => {
    const rows = extractIndexRows({
      resourceType: 'Patient',
      id: 'p',
      name: [{ family: 'Ōta', given: ['Kei'] }],
      telecom: [{ system: 'email', value: 'k@x' }],
      generalPractitioner: [{ reference: 'http://host/fhir/R4/Practitioner/d' }],
    });
    expect(rows).toContainEqual({ code: 'family', value_string: 'ota', value_exact: 'Ōta' });
    expect(rows).toContainEqual({ code: 'email', value_code: 'k@x' });
    expect(rows).toContainEqual({ code: 'telecom', value_code: 'k@x', system: null, value_text: null });
    expect(rows).toContainEqual({
      code: 'general-practitioner',
      ref_target: 'Practitioner/d',
      value_exact: 'http://host/fhir/R4/Practitioner/d',
    });
    expect(searchKeys('Patient', rows)).toEqual([
      'Patient/email:k@x',
      'Patient/email=|k@x',
      'Patient/general-practitioner>Practitioner/d',
      'Patient/telecom:k@x',
      'Patient/telecom=|k@x',
    ]);
    const coded = { resourceType: 'Observation', code: { coding: [{ system: 'http://a|b', code: 'c' }] } };
    expect(searchKeys('Observation', extractIndexRows(coded)).filter((k) => k.startsWith('Observation/code'))).toEqual([
      'Observation/code:c',
      'Observation/code=http://a\\|b|',
      'Observation/code=http://a\\|b|c',
    ]);
    const appointment = extractIndexRows({
      resourceType: 'Appointment',
      participant: [{ actor: { reference: 'Practitioner/d' } }, { actor: { reference: 'Patient/p' } }],
    });
    // A reference parameter with target types indexes only references of those types.
    expect(appointment.filter((r) => r.code === 'patient').map((r) => r.ref_target)).toEqual(['Patient/p']);
    expect(appointment.filter((r) => r.code === 'actor').map((r) => r.ref_target)).toEqual([
      'Practitioner/d',
      'Patient/p',
    ]);
    const plan = extractIndexRows({ resourceType: 'CarePlan', period: { start: '2024-01-01' } });
    expect(plan.find((r) => r.code === 'date')).toMatchObject({
      date_start: '2024-01-01T00:00:00.000Z',
      date_end: 'infinity',
    });
  });
});
