import { useEffect, useState } from 'react';
import type { QuestionnaireItemState } from '../../questionnaire';
import { useQuestionnaireCn } from './questionnaireClassContext';
import { loadSanitizer } from '../primitives/sanitize';

const RENDERING_XHTML = 'http://hl7.org/fhir/StructureDefinition/rendering-xhtml';

/**
 * The item's text in the form's language; rendering-xhtml is sanitized, everything else rendered
 * as text. The xhtml is the original text's, so a translated text is shown as plain text instead.
 */
export function ItemText({ state }: { state: QuestionnaireItemState }) {
  const translated = state.text !== state.item.text;
  const xhtml = translated
    ? undefined
    : state.item._text?.extension?.find((e) => e.url === RENDERING_XHTML)?.valueString;
  const cn = useQuestionnaireCn();
  const [safe, setSafe] = useState<{ source: string; html: string }>();
  useEffect(() => {
    if (!xhtml) return;
    let live = true;
    loadSanitizer()
      .then((sanitize) => live && setSafe({ source: xhtml, html: sanitize(xhtml) }))
      .catch((error: unknown) => console.error('Loading the HTML sanitizer failed; showing plain text', error));
    return () => {
      live = false;
    };
  }, [xhtml]);
  if (xhtml && safe?.source === xhtml) {
    return <span className={cn('questionnaire-xhtml')} dangerouslySetInnerHTML={{ __html: safe.html }} />;
  }
  return (
    <>
      {state.prefix && <span className={cn('questionnaire-prefix')}>{state.prefix} </span>}
      {state.text}
    </>
  );
}
