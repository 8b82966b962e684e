import { getKnownSearchResourceTypes, getSearchParameterCodes, getSearchParameterDetails } from './search-parameters';

describe('getSearchParameterDetails', () => {
  describe('when the parameter is known', () => {
    it('gives its type and paths, common ones included', () => {
      expect(getSearchParameterDetails('Observation', 'patient')).toEqual({
        type: 'reference',
        paths: ['subject'],
        targets: ['Patient'],
      });
      expect(getSearchParameterDetails('Slot', 'start')?.type).toBe('date');
      expect(getSearchParameterDetails('Anything', '_lastUpdated')).toEqual({
        type: 'date',
        paths: ['meta.lastUpdated'],
      });
    });
  });

  describe('when it is not', () => {
    it.each([
      ['Patient', 'nope'],
      ['Patient', 'constructor'],
      ['constructor', 'name'],
      ['__proto__', 'toString'],
    ])('%s?%s is undefined', (type, code) => expect(getSearchParameterDetails(type, code)).toBeUndefined());
  });

  it('covers the resource types the portal uses', () => {
    const types = getKnownSearchResourceTypes();
    for (const type of [
      'Patient',
      'Observation',
      'Slot',
      'Communication',
      'QuestionnaireResponse',
      'Coverage',
      'CarePlan',
      'DiagnosticReport',
      'MedicationRequest',
      'Immunization',
      'Schedule',
      'Practitioner',
      'Appointment',
      'Questionnaire',
      'ValueSet',
      'PaymentNotice',
    ]) {
      expect(types).toContain(type);
    }
    expect(getSearchParameterCodes('Coverage')).toEqual(expect.arrayContaining(['_id', 'beneficiary', 'payor']));
  });

  it('covers what the reference server indexes: catalogue types, tasks and provenance', () => {
    for (const type of [
      'PractitionerRole',
      'HealthcareService',
      'Location',
      'Task',
      'Provenance',
      'AllergyIntolerance',
    ])
      expect(getKnownSearchResourceTypes()).toContain(type);
    expect(getSearchParameterDetails('Slot', 'end')).toEqual({ type: 'date', paths: ['end'] });
    expect(getSearchParameterDetails('Organization', 'name')?.paths).toEqual(['name', 'alias']);
    expect(getSearchParameterDetails('Task', 'patient')).toEqual({
      type: 'reference',
      paths: ['for'],
      targets: ['Patient'],
    });
  });

  it('names target types only where references are literal, so canonical URLs still match', () => {
    expect(getSearchParameterDetails('Slot', 'schedule')?.targets).toEqual(['Schedule']);
    expect(getSearchParameterDetails('Communication', 'sender')?.targets).toContain('Practitioner');
    expect(getSearchParameterDetails('QuestionnaireResponse', 'questionnaire')?.targets).toBeUndefined();
  });
});
