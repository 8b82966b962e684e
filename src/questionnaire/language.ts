// Changing the form's language while it is filled: every text and option label is read again in
// the new language; the answers, which hold codes, stay as they are.
import { batch, markChanged, markFormChanged } from './notify';
import type { EngineState } from './state';

/** Shows the form in `language` from now on (undefined: the original texts), keeping every answer. */
export function setLanguage(s: EngineState, language: string | undefined): void {
  const next = language || undefined;
  if (next === s.language) return;
  batch(s, () => {
    s.language = next;
    for (const node of s.nodes.values()) {
      const def = node.def;
      // Options from answerOption and value sets are labelled in the language they were read in;
      // they are read again (value sets are expanded again once an input asks). Options computed by
      // an answerExpression and a reference's search results carry no translations.
      if (node.optionsState && !def.answerExpression && def.type !== 'reference') node.optionsState = undefined;
      markChanged(s, node);
    }
    markFormChanged(s);
  });
}
