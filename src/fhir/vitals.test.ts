import { getVitalSign, VITALS } from './vitals';

describe('VITALS', () => {
  it('holds the catalogue of portal.md section 3', () => {
    expect(VITALS.map((v) => [v.id, v.code, v.unit, v.series.map((s) => s.code)])).toEqual([
      ['blood-pressure', '85354-9', 'mm[Hg]', ['8462-4', '8480-6']],
      ['body-temperature', '8310-5', 'C', ['8310-5']],
      ['height', '8302-2', 'in', ['8302-2']],
      ['respiratory-rate', '9279-1', 'breaths/minute', ['9279-1']],
      ['heart-rate', '8867-4', 'beats/minute', ['8867-4']],
      ['weight', '29463-7', 'lbs', ['29463-7']],
    ]);
    expect(VITALS[0].series.map((s) => s.label)).toEqual(['Diastolic', 'Systolic']);
  });

  describe('when looking one up', () => {
    it('finds it by id, or undefined', () => {
      expect(getVitalSign('weight')?.code).toBe('29463-7');
      expect(getVitalSign('nope')).toBeUndefined();
    });
  });
});
