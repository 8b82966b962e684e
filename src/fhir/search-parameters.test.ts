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
});
