// The questionnaire family's class-name resolver, shared with every part through context. Outside
// a QuestionnaireForm (a SignaturePad on its own) the default classes apply.
import { createContext, useContext, useMemo } from 'react';
import type { QuestionnaireClassNames, QuestionnaireSlotName } from './classNames';
import { classNamesKey, slotClassName } from '../primitives/classNames';

/** Resolves a part's class name (`fpk-${slot}` and the user's) plus extra classes. */
export type QuestionnaireClassNameOf = (
  slot: QuestionnaireSlotName,
  ...extra: (string | undefined | false)[]
) => string;

// The one classNames rule with no names given: `fpk-${slot}` and the extra classes.
const defaultClassNameOf: QuestionnaireClassNameOf = (slot, ...extra) => slotClassName(slot, undefined, ...extra);

export const QuestionnaireClassContext = /* @__PURE__ */ createContext<QuestionnaireClassNameOf>(defaultClassNameOf);

/**
 * The resolver for a form's `classNames`, the same function while the names are the same (so an
 * inline object does not re-render every item).
 */
export function useQuestionnaireClassNameOf(classNames: QuestionnaireClassNames | undefined): QuestionnaireClassNameOf {
  const key = classNamesKey(classNames);
  return useMemo(
    () => (key ? (slot, ...extra) => slotClassName(slot, classNames, ...extra) : defaultClassNameOf),
    // The key stands for the names' content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key]
  );
}

/** The class-name resolver of the nearest questionnaire form. */
export function useQuestionnaireCn(): QuestionnaireClassNameOf {
  return useContext(QuestionnaireClassContext);
}
