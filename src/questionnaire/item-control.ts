// Item controls: which control an item is shown with, from its itemControl extension when the
// code fits the item's type, else the type's default.
import type { Extension, QuestionnaireItem } from '../fhir/types';
import { QuestionnaireUrls } from './constants';
import type { ItemControl } from './types';

const GROUP_CONTROLS = new Set<ItemControl>(['page', 'tab-container', 'gtable', 'table', 'grid']);
const DISPLAY_CONTROLS = new Set<ItemControl>(['help', 'flyover', 'legal', 'lower', 'upper', 'prompt', 'unit']);
const CHOICE_CONTROLS = new Set<ItemControl>([
  'drop-down',
  'check-box',
  'radio-button',
  'autocomplete',
  'multi-select',
]);

/** The first extension with the url. */
export function extension(extensions: Extension[] | undefined, url: string): Extension | undefined {
  return extensions?.find((e) => e.url === url);
}

/** The itemControl codes of an item. */
export function itemControlCodes(item: QuestionnaireItem): string[] {
  const coding = extension(item.extension, QuestionnaireUrls.itemControl)?.valueCodeableConcept?.coding;
  return coding ? coding.map((c) => c.code).filter((c): c is string => !!c) : [];
}

/** Resolves the control: a recognised itemControl code for the type, else the type's default. */
export function resolveControl(item: QuestionnaireItem): ItemControl {
  for (const code of itemControlCodes(item) as ItemControl[]) {
    switch (item.type) {
      case 'group':
        if (GROUP_CONTROLS.has(code)) return code;
        break;
      case 'display':
        if (DISPLAY_CONTROLS.has(code)) return code;
        break;
      case 'choice':
      case 'open-choice':
        if (CHOICE_CONTROLS.has(code)) return code;
        break;
      case 'integer':
      case 'decimal':
        if (code === 'slider') return code;
        break;
      case 'boolean':
        if (code === 'check-box' || code === 'radio-button') return code;
        break;
      case 'string':
      case 'text':
        if (code === 'text-box' || code === 'text-area' || code === 'autocomplete') return code;
        break;
    }
  }
  return defaultControl(item);
}

function defaultControl(item: QuestionnaireItem): ItemControl {
  switch (item.type) {
    case 'group':
      return 'group';
    case 'display':
      return 'display';
    case 'boolean':
      return 'boolean';
    case 'decimal':
    case 'integer':
      return 'number';
    case 'date':
      return 'date';
    case 'dateTime':
      return 'dateTime';
    case 'time':
      return 'time';
    case 'text':
      return 'text-area';
    case 'url':
      return 'url';
    case 'choice':
    case 'open-choice':
      // A value set without a radio hint uses a searchable picker.
      if (item.answerValueSet && !item.answerOption?.length) return 'autocomplete';
      return item.repeats ? 'check-box' : 'radio-button';
    case 'attachment':
      return 'attachment';
    case 'reference':
      return 'reference';
    case 'quantity':
      return 'quantity';
    default:
      return 'text-box';
  }
}
