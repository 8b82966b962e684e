import { formatDate, formatDateTime, formatTime, isValidDate, isValidDateTime, isValidTime } from './dates';

describe('isValidDateTime', () => {
  describe('when the value is a FHIR dateTime', () => {
    it.each(['2024', '2024-05', '2024-05-01', '2024-05-01T10:00:00Z', '2024-02-29T23:59:59.123+02:00'])(
      'accepts %s',
      (v) => expect(isValidDateTime(v)).toBe(true)
    );
  });
  describe('when it is not', () => {
    it.each(['', 'x', '2024-05-01T10:00', '2024-05-01T10:00:00', '2023-02-29', '2024-5-1', 5, null])(
      'rejects %j',
      (v) => expect(isValidDateTime(v)).toBe(false)
    );
  });
  it('checks dates and times too', () => {
    expect(isValidDate('2024-04-31')).toBe(false);
    expect(isValidDate('2024-04-30')).toBe(true);
    expect(isValidTime('23:59:60')).toBe(true);
    expect(isValidTime('24:00')).toBe(false);
  });
});

describe('formatDate', () => {
  describe('when given a FHIR date', () => {
    it('shows the calendar day whatever the time zone', () => {
      expect(formatDate('2024-05-01', 'en-US')).toBe('May 1, 2024');
      expect(formatDate('2024-05', 'en-US')).toBe('May 2024');
      expect(formatDate('2024', 'en-US')).toBe('2024');
    });
  });
  describe('when given a dateTime', () => {
    it('shows its date in the requested zone', () => {
      expect(formatDate('2024-05-01T23:30:00-05:00', 'en-US', { dateStyle: 'long', timeZone: 'UTC' })).toBe(
        'May 2, 2024'
      );
    });
  });
  describe('when the value is missing or invalid', () => {
    it.each([undefined, '', 'yesterday', '2024-13-01'])('returns the empty string for %j', (v) =>
      expect(formatDate(v)).toBe('')
    );
  });
});

describe('formatDateTime', () => {
  it('shows date and time', () => {
    expect(
      formatDateTime('2024-05-01T14:05:00Z', 'en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })
    ).toBe('May 1, 2024, 2:05 PM');
  });
  it('shows a plain date as a date', () => {
    expect(formatDateTime('2024-05-01', 'en-US')).toBe('May 1, 2024');
  });
  it('returns the empty string when invalid', () => {
    expect(formatDateTime('nope')).toBe('');
  });
});

describe('formatTime', () => {
  it('shows a time of day', () => {
    expect(formatTime('14:30:00', 'en-US')).toBe('2:30 PM');
    expect(formatTime('09:05', 'en-GB', { timeStyle: 'short' })).toBe('09:05');
  });
  it('returns the empty string when invalid', () => {
    expect(formatTime('25:00')).toBe('');
    expect(formatTime(undefined)).toBe('');
  });
});
