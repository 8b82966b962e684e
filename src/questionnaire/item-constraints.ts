// Item constraints: lengths, bounds, pattern, occurrences, units and attachment limits, read
// from the item and its extensions for the inputs and validation.
import type { Extension, QuestionnaireItem } from '../fhir/types';
import { QuestionnaireUrls } from './constants';
import type { ItemConstraints } from './types';

function boundValue(ext: Extension): number | string | undefined {
  return (
    ext.valueInteger ??
    ext.valueDecimal ??
    ext.valueDate ??
    ext.valueDateTime ??
    ext.valueTime ??
    ext.valueInstant ??
    ext.valueQuantity?.value ??
    undefined
  );
}

const SD = 'http://hl7.org/fhir/StructureDefinition/';

/** Reads the constraint extensions in one pass over the item's extensions (most items have none); the first of each counts. */
export function readConstraints(item: QuestionnaireItem): ItemConstraints {
  const c: ItemConstraints = {};
  if (item.maxLength !== undefined) c.maxLength = item.maxLength;
  const seen = new Set<string>();
  for (const ext of item.extension ?? []) {
    const url = ext.url;
    // Lists: every occurrence counts.
    if (url === QuestionnaireUrls.unitOption) {
      if (ext.valueCoding) (c.unitOptions ??= []).push(ext.valueCoding);
      continue;
    }
    if (url === `${SD}mimeType`) {
      (c.mimeTypes ??= []).push(ext.valueCode as string);
      continue;
    }
    if (url === `${SD}questionnaire-referenceResource`) {
      const codes = ext.valueCode ? [ext.valueCode] : (ext.valueCodeableConcept?.coding ?? []).map((x) => x.code);
      for (const code of codes) if (code) (c.referenceResources ??= []).push(code);
      continue;
    }
    if (seen.has(url)) continue;
    seen.add(url);
    switch (url) {
      case QuestionnaireUrls.minLength:
        if (ext.valueInteger !== undefined) c.minLength = ext.valueInteger;
        break;
      case QuestionnaireUrls.regex:
        if (ext.valueString) c.regex = ext.valueString;
        break;
      case QuestionnaireUrls.minValue:
      case QuestionnaireUrls.maxValue: {
        const bound = boundValue(ext);
        if (bound !== undefined) c[url === QuestionnaireUrls.minValue ? 'minValue' : 'maxValue'] = bound;
        break;
      }
      case QuestionnaireUrls.maxDecimalPlaces:
        if (ext.valueInteger !== undefined) c.maxDecimalPlaces = ext.valueInteger;
        break;
      case QuestionnaireUrls.entryFormat:
        if (ext.valueString) c.entryFormat = ext.valueString;
        break;
      case QuestionnaireUrls.minOccurs:
        if (ext.valueInteger !== undefined) c.minOccurs = ext.valueInteger;
        break;
      case QuestionnaireUrls.maxOccurs:
        if (ext.valueInteger !== undefined) c.maxOccurs = ext.valueInteger;
        break;
      case QuestionnaireUrls.unit:
        if (ext.valueCoding) c.unit = ext.valueCoding;
        break;
      case QuestionnaireUrls.sliderStepValue:
        c.sliderStepValue = ext.valueInteger ?? ext.valueDecimal;
        break;
      case `${SD}maxSize`:
        c.maxSize = ext.valueDecimal ?? ext.valueInteger;
        break;
    }
  }
  return c;
}
