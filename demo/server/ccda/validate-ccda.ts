// Checks a C-CDA document the way the portal's Validate button needs: well-formed XML, a
// ClinicalDocument root in the urn:hl7-org:v3 namespace, and the header elements CDA R2 and the
// C-CDA US Realm Header require. Not a full conformance validator (no templates, no
// vocabulary): it answers in the shape of the ONC reference validator so the same client code
// reads either.
//
// The XML is parsed by saxes, a strict streaming parser: one pass, linear in the input, no DTD
// processing, so no external entity is ever fetched and no entity expands (a document with a
// DOCTYPE is refused before anything else).

import { SaxesParser, type SaxesTagNS } from 'saxes';

/** The namespace of CDA R2. */
export const CDA_NAMESPACE = 'urn:hl7-org:v3';

/** The header elements a C-CDA document must have, in the order the schema puts them. */
export const REQUIRED_HEADER_ELEMENTS = [
  'realmCode',
  'typeId',
  'templateId',
  'id',
  'code',
  'title',
  'effectiveTime',
  'confidentialityCode',
  'languageCode',
  'recordTarget',
  'author',
  'custodian',
  'component',
] as const;

/** Bytes of XML the validator reads at most. */
export const MAX_CCDA_BYTES = 5 * 1024 * 1024;
/** Element nesting deeper than this is refused (real documents stay under 40). */
export const MAX_CCDA_DEPTH = 200;
/**
 * Attributes on one element beyond this are refused (CDA elements carry a handful): the parser
 * gathers an element's attributes before it says anything, so one element with 400,000 of them
 * cost seconds before the first check could run.
 */
export const MAX_CCDA_ATTRIBUTES = 256;

/** The kinds of finding, as the ONC reference validator names them. */
export const ERROR_TYPE = 'C-CDA MDHT Conformance Error';
export const WARNING_TYPE = 'C-CDA MDHT Conformance Warning';

/** One finding. */
export interface CcdaValidationIssue {
  readonly type: string;
  readonly description: string;
  readonly xPath: string;
  readonly documentLineNumber: string;
}

/** The validator's answer (the ONC reference validator's shape, the fields this one fills). */
export interface CcdaValidationResult {
  readonly resultsMetaData: {
    readonly ccdaDocumentType: string;
    readonly ccdaVersion: string;
    readonly ccdaFileName: string;
    readonly serviceError: boolean;
    readonly serviceErrorMessage: string | null;
    readonly resultMetaData: readonly { readonly type: string; readonly count: number }[];
  };
  readonly ccdaValidationResults: readonly CcdaValidationIssue[];
}

const US_REALM_HEADER = '2.16.840.1.113883.10.20.22.1.1';
// Document templates of C-CDA R2.1 the answer names; any other is reported by its OID.
const DOCUMENT_TYPES: Record<string, string> = {
  '2.16.840.1.113883.10.20.22.1.2': 'Continuity Of Care Document',
  '2.16.840.1.113883.10.20.22.1.4': 'Consultation Note',
  '2.16.840.1.113883.10.20.22.1.8': 'Discharge Summary',
  '2.16.840.1.113883.10.20.22.1.9': 'Progress Note',
  '2.16.840.1.113883.10.20.22.1.14': 'Referral Note',
};

/** Validates a C-CDA document; never throws, every problem is a finding. */
export function validateCcda(xml: string, fileName = 'document.xml'): CcdaValidationResult {
  const issues: CcdaValidationIssue[] = [];
  const error = (description: string, xPath: string, line = 0) =>
    issues.push({ type: ERROR_TYPE, description, xPath, documentLineNumber: String(line) });
  const found = new Set<string>();
  const templates: string[] = [];
  let root: { local: string; uri: string } | undefined;
  let depth = 0;
  let version = '';

  const parser = new SaxesParser({ xmlns: true, position: true });
  let failed = false;
  const fail = (description: string, line: number) => {
    if (failed) return;
    failed = true;
    error(description, '/', line);
  };
  parser.on('doctype', () => {
    // A DTD could declare entities; a C-CDA document never needs one.
    fail('The document must not contain a DOCTYPE declaration', parser.line);
    throw new StopParsing();
  });
  parser.on('error', (err) => {
    fail(`The document is not well-formed XML: ${err.message.replace(/^(?:[^:]*:)?\d+:\d+: /, '')}`, parser.line);
    throw new StopParsing();
  });
  let attributes = 0;
  parser.on('opentagstart', () => {
    attributes = 0;
  });
  parser.on('attribute', () => {
    if (++attributes <= MAX_CCDA_ATTRIBUTES) return;
    fail(`An element carries more than ${MAX_CCDA_ATTRIBUTES} attributes`, parser.line);
    throw new StopParsing();
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    depth++;
    if (depth > MAX_CCDA_DEPTH) {
      fail(`The document nests elements deeper than ${MAX_CCDA_DEPTH} levels`, parser.line);
      throw new StopParsing();
    }
    if (depth === 1) {
      root = { local: tag.local, uri: tag.uri };
      return;
    }
    if (depth !== 2 || tag.uri !== CDA_NAMESPACE) return;
    found.add(tag.local);
    if (tag.local === 'templateId') {
      const oid = tag.attributes.root?.value;
      if (oid) templates.push(oid);
      if (oid === US_REALM_HEADER) version = tag.attributes.extension?.value === '2015-08-01' ? 'R2.1' : 'R1.1';
    }
  });
  parser.on('closetag', () => {
    depth--;
  });

  try {
    parser.write(xml).close();
  } catch (e) {
    if (!(e instanceof StopParsing)) fail(`The document is not well-formed XML: ${(e as Error).message}`, parser.line);
  }

  // A document without a root element is not well-formed, so past this point there is one.
  if (!failed && root) {
    if (root.local !== 'ClinicalDocument' || root.uri !== CDA_NAMESPACE) {
      error(
        `The root element must be ClinicalDocument in the ${CDA_NAMESPACE} namespace, not ${root.local}${root.uri ? ` in ${root.uri}` : ' without a namespace'}`,
        `/${root.local}`
      );
    } else {
      for (const name of REQUIRED_HEADER_ELEMENTS) {
        if (!found.has(name)) error(`The header must contain ${name}`, `/ClinicalDocument/${name}`);
      }
      if (found.has('templateId') && !templates.includes(US_REALM_HEADER)) {
        error(
          `The header must carry the US Realm Header templateId ${US_REALM_HEADER}`,
          '/ClinicalDocument/templateId'
        );
      }
    }
  }

  const documentType = templates.map((oid) => DOCUMENT_TYPES[oid]).find(Boolean) ?? 'Unknown';
  const errors = issues.filter((i) => i.type === ERROR_TYPE).length;
  return {
    resultsMetaData: {
      ccdaDocumentType: documentType,
      ccdaVersion: version || 'Unknown',
      ccdaFileName: fileName,
      serviceError: false,
      serviceErrorMessage: null,
      resultMetaData: [
        { type: ERROR_TYPE, count: errors },
        { type: WARNING_TYPE, count: issues.length - errors },
      ],
    },
    ccdaValidationResults: issues,
  };
}

class StopParsing extends Error {}
