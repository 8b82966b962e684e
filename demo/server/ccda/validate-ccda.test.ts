import { buildCcdDocument } from '../seed/documents';
import { ERROR_TYPE, REQUIRED_HEADER_ELEMENTS, validateCcda, WARNING_TYPE } from './validate-ccda';

const valid = buildCcdDocument(new Date('2026-03-01T10:00:00Z'));
const errorsOf = (xml: string) => validateCcda(xml).ccdaValidationResults.map((i) => i.description);

describe('validateCcda', () => {
  it('finds no error in the seeded Continuity of Care Document, and names its type and version', () => {
    const result = validateCcda(valid, 'ccd.xml');
    expect(result.ccdaValidationResults).toEqual([]);
    expect(result.resultsMetaData).toEqual({
      ccdaDocumentType: 'Continuity Of Care Document',
      ccdaVersion: 'R2.1',
      ccdaFileName: 'ccd.xml',
      serviceError: false,
      serviceErrorMessage: null,
      resultMetaData: [
        { type: ERROR_TYPE, count: 0 },
        { type: WARNING_TYPE, count: 0 },
      ],
    });
  });

  describe('when a required header element is missing', () => {
    it('names each one with its path', () => {
      const xml = valid
        .replace(/<title>Continuity of Care Document<\/title>/, '')
        .replace(/<custodian>[\s\S]*<\/custodian>/, '');
      const result = validateCcda(xml);
      expect(result.ccdaValidationResults).toEqual([
        {
          type: ERROR_TYPE,
          description: 'The header must contain title',
          xPath: '/ClinicalDocument/title',
          documentLineNumber: '0',
        },
        {
          type: ERROR_TYPE,
          description: 'The header must contain custodian',
          xPath: '/ClinicalDocument/custodian',
          documentLineNumber: '0',
        },
      ]);
      expect(result.resultsMetaData.resultMetaData[0]).toEqual({ type: ERROR_TYPE, count: 2 });
    });

    it('counts an element from another namespace as missing', () => {
      const xml = valid.replace('<realmCode code="US"/>', '<x:realmCode xmlns:x="urn:example" code="US"/>');
      expect(errorsOf(xml)).toEqual(['The header must contain realmCode']);
    });

    it('asks for the US Realm Header template', () => {
      const xml = valid.replace('root="2.16.840.1.113883.10.20.22.1.1"', 'root="1.2.3"');
      expect(errorsOf(xml)).toEqual([
        'The header must carry the US Realm Header templateId 2.16.840.1.113883.10.20.22.1.1',
      ]);
    });

    it('lists every element of an empty ClinicalDocument', () => {
      expect(errorsOf('<ClinicalDocument xmlns="urn:hl7-org:v3"/>')).toEqual(
        REQUIRED_HEADER_ELEMENTS.map((name) => `The header must contain ${name}`)
      );
    });
  });

  describe('when the root is wrong', () => {
    it('refuses ClinicalDocument without the v3 namespace, and other roots', () => {
      expect(errorsOf('<ClinicalDocument><title>x</title></ClinicalDocument>')).toEqual([
        'The root element must be ClinicalDocument in the urn:hl7-org:v3 namespace, not ClinicalDocument without a namespace',
      ]);
      expect(errorsOf('<Bundle xmlns="http://hl7.org/fhir"/>')).toEqual([
        'The root element must be ClinicalDocument in the urn:hl7-org:v3 namespace, not Bundle in http://hl7.org/fhir',
      ]);
      expect(errorsOf('')).toEqual(['The document is not well-formed XML: document must contain a root element.']);
    });
  });

  describe('when the XML is not well-formed', () => {
    it('says so once, with the line', () => {
      const result = validateCcda('<ClinicalDocument xmlns="urn:hl7-org:v3">\n<title>open\n</ClinicalDocument>');
      expect(result.ccdaValidationResults).toHaveLength(1);
      expect(result.ccdaValidationResults[0].description).toMatch(/^The document is not well-formed XML: /);
      expect(result.ccdaValidationResults[0].documentLineNumber).toBe('3');
    });

    it('refuses an unbound namespace prefix', () => {
      expect(errorsOf('<v3:ClinicalDocument/>')[0]).toMatch(/^The document is not well-formed XML: .*prefix/);
    });
  });

  describe('when an attacker sends entities or deep nesting', () => {
    it('refuses a DOCTYPE before any entity is read (no XXE, no billion laughs)', () => {
      const xxe =
        '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><ClinicalDocument xmlns="urn:hl7-org:v3"><title>&x;</title></ClinicalDocument>';
      const laughs =
        '<!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><l>&c;&c;&c;</l>';
      for (const xml of [xxe, laughs]) {
        const result = validateCcda(xml);
        expect(result.ccdaValidationResults.map((i) => i.description)).toEqual([
          'The document must not contain a DOCTYPE declaration',
        ]);
        expect(JSON.stringify(result)).not.toContain('root:');
      }
    });

    it('refuses an undeclared entity rather than expanding anything', () => {
      expect(errorsOf('<ClinicalDocument xmlns="urn:hl7-org:v3"><title>&x;</title></ClinicalDocument>')[0]).toMatch(
        /^The document is not well-formed XML: /
      );
    });

    it('stops at 200 levels of nesting', () => {
      const deep =
        '<ClinicalDocument xmlns="urn:hl7-org:v3">' +
        '<a>'.repeat(100_000) +
        '</a>'.repeat(100_000) +
        '</ClinicalDocument>';
      expect(errorsOf(deep)).toEqual(['The document nests elements deeper than 200 levels']);
    });

    it('stops at the 257th attribute of one element, before gathering the rest', () => {
      const attributes = (n: number) => Array.from({ length: n }, (_, i) => ` a${i}="1"`).join('');
      expect(
        errorsOf(`<ClinicalDocument xmlns="urn:hl7-org:v3"><x${attributes(256)}/></ClinicalDocument>`)
      ).not.toContain('An element carries more than 256 attributes');
      expect(errorsOf(`<ClinicalDocument xmlns="urn:hl7-org:v3"><x${attributes(257)}/></ClinicalDocument>`)).toEqual([
        'An element carries more than 256 attributes',
      ]);
    });
  });
});
