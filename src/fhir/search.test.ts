import fc from 'fast-check';
import { isOperationOutcomeError } from './outcomes';
import {
  formatSearchQuery,
  formatSearchUrl,
  isValidSearchDate,
  parseSearchRequest,
  parseSearchUrl,
  searchValues,
  splitSearchOnComma,
} from './search';

const SPEC_TEXTS = [
  /^Invalid format for (number|date|quantity|reference|string|token|uri|_include|_revinclude) search parameter: /s,
  /^Unknown data type$/,
  /^Invalid search URL$/,
];

function expectSpecError(fn: () => unknown, text: string): void {
  try {
    fn();
  } catch (error) {
    expect(isOperationOutcomeError(error)).toBe(true);
    expect((error as Error).message).toBe(text);
    return;
  }
  throw new Error('expected an error: ' + text);
}

describe('parseSearchRequest', () => {
  describe('when the url is relative', () => {
    it('reads the resource type, filters and paging', () => {
      expect(parseSearchRequest('Patient?name=Alice&_count=10&_offset=20')).toEqual({
        resourceType: 'Patient',
        filters: [{ code: 'name', operator: 'eq', value: 'Alice' }],
        count: 10,
        offset: 20,
      });
    });

    it('takes the last path segment as the resource type', () => {
      expect(parseSearchRequest('/fhir/R4/Observation').resourceType).toBe('Observation');
    });
  });

  describe('when the url is absolute', () => {
    it('reads a URL object and a string alike', () => {
      const text = 'https://example.com/fhir/R4/Observation?code=http://loinc.org|8867-4&date=ge2024-01-01';
      const expected = {
        resourceType: 'Observation',
        filters: [
          { code: 'code', operator: 'eq', value: 'http://loinc.org|8867-4' },
          { code: 'date', operator: 'ge', value: '2024-01-01' },
        ],
      };
      expect(parseSearchRequest(text)).toEqual(expected);
      expect(parseSearchRequest(new URL(text))).toEqual(expected);
    });
  });

  describe('when the url is not a search url', () => {
    it.each(['', '?name=x', 'https://example.com/', 'https://[bad/Patient', 'patient?x=1', 'Patient/123/_history'])(
      "throws 'Invalid search URL' for %j",
      (url) => expectSpecError(() => parseSearchRequest(url), 'Invalid search URL')
    );
  });
});

describe('parseSearchUrl', () => {
  describe('when values carry prefixes', () => {
    it.each([
      ['eq', 'eq'],
      ['ne', 'ne'],
      ['gt', 'gt'],
      ['lt', 'lt'],
      ['ge', 'ge'],
      ['le', 'le'],
      ['sa', 'sa'],
      ['eb', 'eb'],
      ['ap', 'ap'],
    ])('reads %s on a date parameter', (prefix, operator) => {
      expect(parseSearchUrl('Slot', `start=${prefix}2024-05-01T10:00:00Z`).filters).toEqual([
        { code: 'start', operator, value: '2024-05-01T10:00:00Z' },
      ]);
    });

    it('does not read prefixes on string parameters', () => {
      expect(parseSearchUrl('Patient', 'name=gteorge').filters).toEqual([
        { code: 'name', operator: 'eq', value: 'gteorge' },
      ]);
    });

    it('reads a quantity with system and code', () => {
      expect(parseSearchUrl('Observation', 'value-quantity=lt5.4|http://unitsofmeasure.org|mg').filters).toEqual([
        { code: 'value-quantity', operator: 'lt', value: '5.4|http://unitsofmeasure.org|mg' },
      ]);
    });
  });

  describe('when comma-separated values carry prefixes of their own', () => {
    const slots = 'start=gt2026-01-01T00:00:00Z,lt2027-01-01T00:00:00Z';

    it('keeps each prefix with its value: the OR of the two', () => {
      const filters = parseSearchUrl('Slot', slots).filters!;
      expect(filters).toEqual([
        { code: 'start', operator: 'eq', value: 'gt2026-01-01T00:00:00Z,lt2027-01-01T00:00:00Z' },
      ]);
      expect(searchValues(filters[0])).toEqual([
        { operator: 'gt', value: '2026-01-01T00:00:00Z' },
        { operator: 'lt', value: '2027-01-01T00:00:00Z' },
      ]);
    });

    it('reads a value without a prefix as eq', () => {
      const filter = parseSearchUrl('Observation', 'value-quantity=gt5,7|http://unitsofmeasure.org|mg').filters![0];
      expect(searchValues(filter)).toEqual([
        { operator: 'gt', value: '5' },
        { operator: 'eq', value: '7|http://unitsofmeasure.org|mg' },
      ]);
    });

    it('makes one prefix that every value carries the operator', () => {
      const filter = parseSearchUrl('Slot', 'start=ge2026-01-01,ge2027-01-01').filters![0];
      expect(filter).toEqual({ code: 'start', operator: 'ge', value: '2026-01-01,2027-01-01' });
      expect(searchValues(filter).map((v) => v.operator)).toEqual(['ge', 'ge']);
    });

    it('writes the prefix on every value, so format then parse is the same request', () => {
      const request = parseSearchUrl('Slot', 'start=ge2026-01-01,ge2027-01-01');
      expect(formatSearchQuery(request)).toBe('?start=ge2026-01-01,ge2027-01-01');
      const mixed = parseSearchUrl('Slot', slots);
      expect(formatSearchQuery(mixed)).toBe('?' + slots);
      expect(parseSearchUrl('Slot', formatSearchQuery(mixed))).toEqual(mixed);
    });

    it('names a bad value as written', () => {
      expectSpecError(
        () => parseSearchUrl('Slot', 'start=gt2026-01-01,lt2026-13-01'),
        'Invalid format for date search parameter: gt2026-01-01,lt2026-13-01'
      );
      expectSpecError(
        () => parseSearchUrl('Slot', 'start=gt2026-01-01,ltgt2026-01-01'),
        'Invalid format for date search parameter: gt2026-01-01,ltgt2026-01-01'
      );
    });
  });

  describe('when names carry modifiers', () => {
    it.each(['missing', 'exact', 'contains', 'not', 'text', 'above', 'below', 'in', 'not-in', 'identifier', 'of-type'])(
      'reads :%s as the operator',
      (modifier) => {
        const value = modifier === 'missing' ? 'true' : 'x';
        const code = ['identifier', 'text'].includes(modifier) ? 'subject' : 'code';
        expect(parseSearchUrl('Observation', { [`${code}:${modifier}`]: value }).filters).toEqual([
          { code, operator: modifier, value },
        ]);
      }
    );

    it('folds a reference type modifier into the value', () => {
      expect(parseSearchUrl('Observation', 'subject:Patient=123').filters).toEqual([
        { code: 'subject', operator: 'eq', value: 'Patient/123' },
      ]);
    });

    it('keeps a chained or unknown-modifier parameter as an opaque filter', () => {
      expect(parseSearchUrl('Observation', 'subject.name=Al&name:foo=1').filters).toEqual([
        { code: 'subject.name', operator: 'eq', value: 'Al' },
        { code: 'name:foo', operator: 'eq', value: '1' },
      ]);
    });
  });

  describe('when values do not fit their type', () => {
    it.each([
      ['Observation', 'date=x', 'Invalid format for date search parameter: x'],
      ['Observation', 'date=2024-02-30', 'Invalid format for date search parameter: 2024-02-30'],
      ['Observation', 'date=2024-13', 'Invalid format for date search parameter: 2024-13'],
      ['Slot', 'start=ge2024-01-01,tomorrow', 'Invalid format for date search parameter: ge2024-01-01,tomorrow'],
      ['Slot', 'start=gt2030-13-45', 'Invalid format for date search parameter: gt2030-13-45'],
      ['Observation', 'value-quantity=lt5|a|b|c', 'Invalid format for quantity search parameter: lt5|a|b|c'],
      ['Communication', 'sent:missing=maybe', 'Invalid format for token search parameter: maybe'],
      ['Observation', 'value-quantity=abc', 'Invalid format for quantity search parameter: abc'],
      ['Observation', 'value-quantity=1|2|3|4', 'Invalid format for quantity search parameter: 1|2|3|4'],
      ['Observation', 'subject=a b', 'Invalid format for reference search parameter: a b'],
      ['Questionnaire', 'url=a%20b', 'Invalid format for uri search parameter: a b'],
      ['Patient', '_count=ten', 'Invalid format for number search parameter: ten'],
      ['Patient', '_offset=-1', 'Invalid format for number search parameter: -1'],
      ['Patient', '_total=all', 'Invalid format for token search parameter: all'],
    ])('%s?%s throws %j', (type, query, text) => expectSpecError(() => parseSearchUrl(type, query), text));

    it("throws 'Unknown data type' for a composite or special parameter", () => {
      expectSpecError(() => parseSearchUrl('Observation', 'code-value-quantity=x$1'), 'Unknown data type');
      expectSpecError(() => parseSearchUrl('Location', 'near=1|2'), 'Unknown data type');
    });

    it('accepts a time zone whose plus sign arrived as a space', () => {
      expect(parseSearchUrl('Slot', 'start=gt2024-05-01T10:00:00+02:00').filters?.[0].value).toBe(
        '2024-05-01T10:00:00+02:00'
      );
    });
  });

  describe('when the query has result parameters', () => {
    it('reads sort, total, summary, elements', () => {
      expect(
        parseSearchUrl(
          'QuestionnaireResponse',
          '_sort=-authored,_id&_total=accurate&_summary=count&_elements=id,status'
        )
      ).toEqual({
        resourceType: 'QuestionnaireResponse',
        sortRules: [{ code: 'authored', descending: true }, { code: '_id' }],
        total: 'accurate',
        summary: 'count',
        fields: ['id', 'status'],
      });
    });

    it('reads includes with target types and iterate', () => {
      expect(
        parseSearchUrl('Observation', '_include=Observation:subject:Patient&_revinclude:iterate=Provenance:target')
      ).toEqual({
        resourceType: 'Observation',
        include: [{ resourceType: 'Observation', searchParam: 'subject', targetType: 'Patient' }],
        revInclude: [{ resourceType: 'Provenance', searchParam: 'target', modifier: 'iterate' }],
      });
    });

    it.each([
      '*',
      'Observation:*',
      'Observation',
      'observation:subject',
      'Observation:subject:Patient:x',
      'Observation:subject:*',
    ])('rejects the include %j', (value) =>
      expectSpecError(
        () => parseSearchUrl('Observation', { _include: value }),
        `Invalid format for _include search parameter: ${value}`
      )
    );

    it('ignores empty names and values', () => {
      expect(parseSearchUrl('Patient', '=x&name=&_count=')).toEqual({ resourceType: 'Patient' });
    });

    it('drops _format and _pretty, which shape the response, not the search', () => {
      expect(parseSearchUrl('Patient', '_format=json&_pretty=true&name=Al')).toEqual({
        resourceType: 'Patient',
        filters: [{ code: 'name', operator: 'eq', value: 'Al' }],
      });
    });
  });

  describe('when a server adds parameters of its own types', () => {
    const parameters = (type: string, code: string) =>
      type === 'Login' && code === 'user' ? { type: 'reference' as const, paths: ['user'] } : undefined;

    it('reads them like the table’s: modifiers, type modifiers and value checks', () => {
      expect(parseSearchUrl('Login', 'user:User=1&user:missing=false', { parameters }).filters).toEqual([
        { code: 'user', operator: 'eq', value: 'User/1' },
        { code: 'user', operator: 'missing', value: 'false' },
      ]);
      expectSpecError(
        () => parseSearchUrl('Login', 'user=a b', { parameters }),
        'Invalid format for reference search parameter: a b'
      );
    });

    it('asks the table first, and keeps what neither knows as an opaque filter', () => {
      const unknownToTheServer = () => ({ type: 'number' as const, paths: ['x'] });
      expect(parseSearchUrl('Patient', 'name=Al', { parameters: unknownToTheServer }).filters).toEqual([
        { code: 'name', operator: 'eq', value: 'Al' },
      ]);
      expect(parseSearchUrl('Login', 'code=1').filters).toEqual([{ code: 'code', operator: 'eq', value: '1' }]);
    });
  });
});

describe('formatSearchQuery', () => {
  describe('when the request has every part', () => {
    it('writes filters, sort, paging, includes and fields', () => {
      expect(
        formatSearchQuery({
          resourceType: 'Slot',
          filters: [
            { code: 'schedule', operator: 'eq', value: 'Schedule/1,Schedule/2' },
            { code: 'start', operator: 'gt', value: '2024-05-01T00:00:00.000Z' },
            { code: 'name', operator: 'contains', value: 'a b&c' },
          ],
          sortRules: [{ code: 'start' }, { code: '_lastUpdated', descending: true }],
          count: 720,
          offset: 0,
          total: 'accurate',
          include: [{ resourceType: 'Slot', searchParam: 'schedule', targetType: 'Schedule', modifier: 'iterate' }],
          revInclude: [{ resourceType: 'Appointment', searchParam: 'slot' }],
          fields: ['id', 'start'],
        })
      ).toBe(
        '?schedule=Schedule/1,Schedule/2&start=gt2024-05-01T00:00:00.000Z&name:contains=a%20b%26c&_sort=start,-_lastUpdated' +
          '&_count=720&_offset=0&_total=accurate&_include:iterate=Slot:schedule:Schedule&_revinclude=Appointment:slot&_elements=id,start'
      );
    });
  });

  describe('when the request has no parameters', () => {
    it('returns the empty string', () => {
      expect(formatSearchQuery({ resourceType: 'Patient' })).toBe('');
      expect(formatSearchUrl({ resourceType: 'Patient' })).toBe('Patient');
    });
  });

  describe('when a date carries a time zone offset', () => {
    it('percent-encodes the plus sign so it survives', () => {
      const query = formatSearchQuery({
        resourceType: 'Slot',
        filters: [{ code: 'start', operator: 'lt', value: '2024-05-01T10:00+02:00' }],
      });
      expect(query).toBe('?start=lt2024-05-01T10:00%2B02:00');
      expect(parseSearchUrl('Slot', query).filters?.[0].value).toBe('2024-05-01T10:00+02:00');
    });
  });
});

describe('splitSearchOnComma', () => {
  it('splits on commas that no backslash escapes', () => {
    expect(splitSearchOnComma('a\\,b,c')).toEqual(['a\\,b', 'c']);
    // An escaped backslash ends its value; the comma after it separates.
    expect(splitSearchOnComma('a\\\\,b')).toEqual(['a\\\\', 'b']);
    expect(splitSearchOnComma(',')).toEqual(['', '']);
  });

  it('takes one pass over a long value', () => {
    const long = 'gt2026-01-01\\,'.repeat(50_000) + ',' + ','.repeat(50_000);
    const started = performance.now();
    expect(splitSearchOnComma(long)).toHaveLength(50_002);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('isValidSearchDate', () => {
  it.each([
    '2024',
    '2024-02',
    '2024-02-29',
    '2024-02-29T10:00',
    '2024-02-29T10:00:00.123Z',
    '2024-02-29T10:00:00-05:00',
  ])('accepts %s', (value) => expect(isValidSearchDate(value)).toBe(true));
  it.each(['', '24', '2023-02-29', '2024-1-1', '2024-01-01T25:00', '2024-01-01 10:00', 'now'])('rejects %j', (value) =>
    expect(isValidSearchDate(value)).toBe(false)
  );
});

describe('when fuzzed', () => {
  const resourceTypes = [
    'Patient',
    'Observation',
    'Slot',
    'Communication',
    'QuestionnaireResponse',
    'Location',
    'Unknown',
  ];
  const codes = [
    'name',
    'date',
    'start',
    'code',
    'subject',
    'value-quantity',
    'url',
    'birthdate',
    '_id',
    '_lastUpdated',
    '_count',
    '_offset',
    '_sort',
    '_total',
    '_summary',
    '_elements',
    '_include',
    '_revinclude',
    '_include:iterate',
    'code-value-quantity',
    'near',
    'other',
    'subject.name',
  ];
  const modifiers = ['', ':missing', ':exact', ':not', ':Patient', ':in', ':bogus', ':'];
  const pieces = [
    'ge',
    'lt',
    'eq',
    'ap',
    '2024',
    '-01',
    '-31',
    'T10:00',
    'Z',
    '+02:00',
    '5.4',
    '|',
    ',',
    ':',
    '*',
    'Patient',
    '/',
    ' ',
    '-',
    '%',
    '&',
    '=',
    '?',
    '\\',
    'e3',
    'x',
  ];
  const value = fc.oneof(
    fc.string(),
    fc.array(fc.constantFrom(...pieces), { maxLength: 8 }).map((a) => a.join(''))
  );
  const key = fc.oneof(
    fc.tuple(fc.constantFrom(...codes), fc.constantFrom(...modifiers)).map(([c, m]) => c + m),
    fc.string()
  );
  const query = fc.array(fc.tuple(key, value), { maxLength: 6 }).map((pairs) => {
    const params = new URLSearchParams();
    for (const [k, v] of pairs) params.append(k, v);
    return params.toString();
  });
  const rawQuery = fc.oneof(
    query,
    fc.string(),
    fc.array(fc.constantFrom(...pieces, 'name=', 'date=', '_count='), { maxLength: 10 }).map((a) => a.join(''))
  );

  function parseOrSpecError(fn: () => ReturnType<typeof parseSearchUrl>) {
    try {
      return fn();
    } catch (error) {
      expect(isOperationOutcomeError(error)).toBe(true);
      expect(SPEC_TEXTS.some((re) => re.test((error as Error).message))).toBe(true);
      return undefined;
    }
  }

  it('throws nothing but spec errors, and format then parse gives the same request', () => {
    fc.assert(
      fc.property(fc.constantFrom(...resourceTypes), rawQuery, (resourceType, q) => {
        const parsed = parseOrSpecError(() => parseSearchUrl(resourceType, q));
        if (!parsed) return;
        const again = parseSearchUrl(resourceType, formatSearchQuery(parsed));
        expect(again).toStrictEqual(parsed);
        expect(parseSearchRequest(formatSearchUrl(parsed))).toStrictEqual(parsed);
      }),
      { numRuns: 3000 }
    );
  });

  it('never throws anything but spec errors for any url', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.webUrl({ withQueryParameters: true }),
          rawQuery.map((q) => 'Patient?' + q)
        ),
        (url) => {
          parseOrSpecError(() => parseSearchRequest(url));
        }
      ),
      { numRuns: 400 }
    );
  });
});
