// Reference items: resources of the item's target types, found through the injected
// searchResources with the item's referenceFilter (its $subj and $encounter filled from the
// form's subject and encounter), become the item's options. Only the latest search counts.
import { normalizeErrorString } from '../fhir/outcomes';
import type { Reference } from '../fhir/types';
import { batch, markChanged } from './notify';
import type { Node } from './nodes';
import type { EngineState } from './state';

const REFERENCE_FILTER = 'http://hl7.org/fhir/StructureDefinition/questionnaire-referenceFilter';
/** How many resources a search shows. */
export const REFERENCE_SEARCH_COUNT = 10;

/** The name-like search parameter each type is looked up by. */
export function nameParameter(resourceType: string): string {
  switch (resourceType) {
    case 'Device':
      return 'device-name';
    case 'Observation':
    case 'Condition':
    case 'DiagnosticReport':
    case 'Procedure':
    case 'Medication':
      return 'code';
    case 'Subscription':
      return 'criteria';
    case 'User':
      return 'email:contains';
    default:
      return 'name';
  }
}

/** The referenceFilter query with $subj and $encounter filled in from the form's context. */
export function referenceFilterQuery(
  filter: string | undefined,
  subject?: Reference,
  encounter?: Reference
): Record<string, string> {
  if (!filter) return {};
  const filled = filter
    .replace(/\$subj/g, subject?.reference ?? '')
    .replace(/\$encounter/g, encounter?.reference ?? '');
  return Object.fromEntries(new URLSearchParams(filled));
}

function setOptions(s: EngineState, node: Node, state: NonNullable<Node['optionsState']>): void {
  batch(s, () => {
    node.optionsState = state;
    markChanged(s, node);
  });
}

/** Searches the item's target types for `text` (all when empty); the results become its options. */
export async function searchReferences(s: EngineState, key: string, text: string): Promise<void> {
  const node = s.nodes.get(key);
  if (!node || node.def.type !== 'reference') return;
  const search = s.options.searchResources;
  if (!search) {
    setOptions(s, node, {
      options: [],
      loading: false,
      truncated: false,
      error: s.messages.referenceSearchUnavailable,
    });
    return;
  }
  const seq = (node.searchSeq ?? 0) + 1;
  node.searchSeq = seq;
  setOptions(s, node, { options: node.optionsState?.options ?? [], loading: true, truncated: false });
  const item = node.def.item;
  const types = node.def.constraints.referenceResources?.length ? node.def.constraints.referenceResources : ['Patient'];
  const filter = item.extension?.find((e) => e.url === REFERENCE_FILTER)?.valueString;
  const extra = referenceFilterQuery(filter, s.options.subject, s.options.encounter);
  try {
    // The names of the results are only needed once the server answers, so the display helpers
    // load during the search rather than with every form.
    const display = import('../fhir/display');
    // A failed search returns below without awaiting it; its own failure then needs no report.
    display.catch(() => undefined);
    const found = await Promise.all(
      types.map((type) =>
        search(type, {
          ...extra,
          ...(text ? { [nameParameter(type)]: text } : {}),
          _count: String(REFERENCE_SEARCH_COUNT),
        })
      )
    );
    const { getDisplayString } = await display;
    if (s.nodes.get(key) !== node || node.searchSeq !== seq) return;
    const options = found
      .flat()
      .slice(0, REFERENCE_SEARCH_COUNT)
      .map((resource) => {
        const display = getDisplayString(resource);
        return {
          answer: { valueReference: { reference: `${resource.resourceType}/${resource.id}`, display } },
          label: display,
        };
      });
    setOptions(s, node, { options, loading: false, truncated: false });
  } catch (error) {
    if (s.nodes.get(key) !== node || node.searchSeq !== seq) return;
    s.log(`Searching resources for '${node.def.linkId}' failed`, error);
    setOptions(s, node, {
      options: [],
      loading: false,
      truncated: false,
      error: s.messages.referenceSearchFailed(normalizeErrorString(error)),
    });
  }
}
