// Options of a value-set item, expanded on demand through the injected expandValueSet.
import { batch, markChanged } from './notify';
import { optionsFromExpansion } from './options';
import type { EngineState } from './state';

/** Loads the options of a value-set item through expandValueSet; failures are logged and shown on the item. */
export async function loadValueSetOptions(s: EngineState, key: string, filter?: string): Promise<void> {
  const node = s.nodes.get(key);
  const url = node?.def.item.answerValueSet;
  if (!node || !url || url.startsWith('#') || node.def.item.answerOption?.length) return;
  const expandValueSet = s.options.expandValueSet;
  if (!expandValueSet) {
    batch(s, () => {
      node.optionsState = {
        options: [],
        loading: false,
        truncated: false,
        error: s.messages.valueSetUnavailable(url),
      };
      markChanged(s, node);
    });
    return;
  }
  batch(s, () => {
    node.optionsState = {
      ...(node.optionsState ?? { options: [], truncated: false }),
      loading: true,
      error: undefined,
    };
    markChanged(s, node);
  });
  // The options are in the language of the request: one answered after a language change is dropped.
  const language = s.language;
  try {
    // displayLanguage only when there is one, so an expandValueSet that counts its arguments sees three.
    const result = await (language
      ? expandValueSet(url, filter, s.displayLimit + 1, language)
      : expandValueSet(url, filter, s.displayLimit + 1));
    const expansion = optionsFromExpansion(result, s.displayLimit, language);
    batch(s, () => {
      if (s.nodes.get(key) !== node || s.language !== language) return;
      node.optionsState = { ...expansion, loading: false };
      markChanged(s, node);
    });
  } catch (error) {
    // Value-set load failures are only logged; the item carries the state.
    s.log(`Loading value set ${url} failed`, error);
    batch(s, () => {
      if (s.nodes.get(key) !== node || s.language !== language) return;
      node.optionsState = {
        options: [],
        loading: false,
        truncated: false,
        error: s.messages.valueSetFailed(url),
      };
      markChanged(s, node);
    });
  }
}
