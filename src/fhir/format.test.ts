import {
  formatAnnotation,
  formatAttachment,
  formatBoolean,
  formatBytes,
  formatContactPoint,
  formatExtension,
  formatMeta,
  formatNumber,
  formatReference,
  formatTypedValue,
  getAttachmentName,
  getExtensionName,
  getTypedValue,
  isFormattedType,
} from './format';

describe('primitives', () => {
  it('formats booleans as Yes and No, or the words given', () => {
    expect(formatBoolean(true)).toBe('Yes');
    expect(formatBoolean(false)).toBe('No');
    expect(formatBoolean(false, { yes: 'Ja', no: 'Nein' })).toBe('Nein');
    expect(formatBoolean(undefined)).toBe('');
  });

  it('formats numbers through Intl with the given locale, keeping every digit', () => {
    expect(formatNumber(1234.5678, 'en-US')).toBe('1,234.5678');
    expect(formatNumber(1234.5, 'de-DE')).toBe('1.234,5');
    expect(formatNumber(Number.NaN)).toBe('');
  });

  it('formats byte counts', () => {
    expect(formatBytes(512, 'en-US')).toBe('512 B');
    expect(formatBytes(12 * 1024, 'en-US')).toBe('12 KB');
    expect(formatBytes(3.4 * 1024 * 1024, 'en-US')).toBe('3.4 MB');
    expect(formatBytes(-1)).toBe('');
  });

  it.each([
    ['boolean', false, 'No'],
    ['Quantity', { value: 120, unit: 'mm[Hg]', system: 'http://unitsofmeasure.org', code: 'mm[Hg]' }, '120 mmHg'],
    ['Age', { value: 42, system: 'http://unitsofmeasure.org', code: 'a' }, '42 yr'],
    ['integer', 12000, '12,000'],
    ['decimal', 0.25, '0.25'],
    ['date', '2024-05-01', 'May 1, 2024'],
    ['dateTime', '2024-05-01T10:30:00Z', 'May 1, 2024, 10:30 AM'],
    ['instant', '2024-05-01T10:30:00.000Z', 'May 1, 2024, 10:30 AM'],
    ['time', '14:30:00', '2:30 PM'],
    ['string', 'Hello', 'Hello'],
    ['code', 'final', 'final'],
    ['uri', 'http://loinc.org', 'http://loinc.org'],
  ])('formats a %s', (type, value, text) => {
    expect(formatTypedValue(type, value, 'en-US')).toBe(text);
  });

  it('shows an unparseable date as given rather than nothing', () => {
    expect(formatTypedValue('date', 'soon', 'en-US')).toBe('soon');
  });
});

describe('formatReference', () => {
  it('prefers the display, then the reference, then the identifier', () => {
    expect(formatReference({ reference: 'Patient/1', display: 'Homer Simpson' })).toBe('Homer Simpson');
    expect(formatReference({ reference: 'Patient/1' })).toBe('Patient/1');
    expect(formatReference({ identifier: { system: 'urn:mrn', value: '42' } })).toBe('urn:mrn|42');
    expect(formatReference(undefined)).toBe('');
  });
});

describe('formatContactPoint', () => {
  it('names the use and system', () => {
    expect(formatContactPoint({ system: 'phone', use: 'home', value: '555-0100' })).toBe('555-0100 (home phone)');
    expect(formatContactPoint({ value: 'a@b.c' })).toBe('a@b.c');
    expect(formatContactPoint({ system: 'email' })).toBe('');
  });
});

describe('formatAnnotation', () => {
  it('adds the author and time', () => {
    expect(
      formatAnnotation(
        { text: 'Fasting sample.', authorReference: { display: 'Dr. Hibbert' }, time: '2024-05-01' },
        'en-US'
      )
    ).toBe('Fasting sample. (Dr. Hibbert, May 1, 2024)');
    expect(formatAnnotation({ text: 'Plain' })).toBe('Plain');
  });
});

describe('formatAttachment', () => {
  it('names the attachment with its type and size', () => {
    expect(
      formatAttachment(
        { url: 'https://x.test/files/report.pdf?sig=1', contentType: 'application/pdf', size: 12288 },
        'en-US'
      )
    ).toBe('report.pdf (application/pdf, 12 KB)');
    expect(getAttachmentName({ title: 'Scan', url: 'https://x.test/a.png' })).toBe('Scan');
    expect(getAttachmentName({ url: 'data:text/plain;base64,SGk=' })).toBe('Attachment');
  });
});

describe('formatMeta', () => {
  it('says the version, the update time and the tags', () => {
    expect(
      formatMeta(
        { versionId: '3', lastUpdated: '2024-05-01T10:00:00Z', tag: [{ code: 'SUBSETTED', display: 'Subsetted' }] },
        'en-US'
      )
    ).toBe('Version 3, last updated May 1, 2024, 10:00 AM, tags: Subsetted');
    expect(formatMeta({ lastUpdated: '2024-05-01T10:00:00Z' }, 'en-US')).toBe('Last updated May 1, 2024, 10:00 AM');
  });
});

describe('formatExtension', () => {
  it('names the extension and formats its value by type', () => {
    expect(
      formatExtension({
        url: 'http://hl7.org/fhir/StructureDefinition/patient-birthPlace',
        valueAddress: { city: 'Springfield', state: 'IL' },
      })
    ).toBe('Patient birth place: Springfield, IL');
    expect(formatExtension({ url: 'http://x.test/flag', valueBoolean: true })).toBe('Flag: Yes');
  });

  it('joins nested extensions', () => {
    expect(
      formatExtension({
        url: 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-race',
        extension: [
          { url: 'ombCategory', valueCoding: { code: '2106-3', display: 'White' } },
          { url: 'text', valueString: 'White' },
        ],
      })
    ).toBe('Us core race: Omb category: White; Text: White');
  });

  it('shows just the name of an extension with an unknown value type', () => {
    expect(getExtensionName('http://x.test/StructureDefinition/odd_thing')).toBe('Odd thing');
    expect(formatExtension({ url: 'http://x.test/odd', valueWhatever: 1 } as never)).toBe('Odd');
  });
});

describe('formatTypedValue', () => {
  it('formats complex types by name, whatever the case of the first letter', () => {
    expect(formatTypedValue('quantity', { value: 5.4, unit: 'mg' })).toBe('5.4 mg');
    expect(formatTypedValue('CodeableConcept', { text: 'Hemoglobin' })).toBe('Hemoglobin');
    expect(formatTypedValue('HumanName', { given: ['Homer'], family: 'Simpson' })).toBe('Homer Simpson');
    expect(formatTypedValue('Money', { value: 35, currency: 'USD' }, 'en-US')).toBe('$35.00');
    expect(formatTypedValue('Timing', { repeat: { frequency: 2, period: 1, periodUnit: 'd' } })).toBe('twice a day');
    expect(formatTypedValue('Dosage', { text: 'As directed' })).toBe('As directed');
    expect(
      formatTypedValue('Ratio', { numerator: { value: 1, unit: 'mg' }, denominator: { value: 5, unit: 'mL' } })
    ).toBe('1 mg / 5 mL');
  });

  it('answers undefined for a type it does not know', () => {
    expect(formatTypedValue('SampledData', { data: '1 2 3' })).toBeUndefined();
    expect(isFormattedType('SampledData')).toBe(false);
    expect(isFormattedType('quantity')).toBe(true);
  });

  it('answers empty text for a missing value', () => {
    expect(formatTypedValue('string', undefined)).toBe('');
  });
});

describe('getTypedValue', () => {
  it('finds the value[x] and its type', () => {
    expect(getTypedValue({ url: 'x', valueQuantity: { value: 1 } })).toEqual({ type: 'quantity', value: { value: 1 } });
    expect(getTypedValue({ url: 'x', valueset: 'no' })).toBeUndefined();
    expect(getTypedValue({ effectiveDateTime: '2024' }, 'effective')).toEqual({ type: 'dateTime', value: '2024' });
  });
});
