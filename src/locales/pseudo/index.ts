// The pseudo-locale of every family, made from the English defaults: for development and for
// the e2e pass that finds hard-coded and clipped text (`<FhirProvider messages={pseudo}>`).
// It imports every family's English texts, so it belongs in development builds only.
import { defaultStatusMessages } from '../../react/display/StatusBadge';
import type { MessageFamilies } from '../../react/locale/LocaleMessages';
import { english } from '../english';
import { status as translatedStatuses } from '../es/display';
import { pseudoLocalize } from './pseudoLocalize';

export { PSEUDO_CLOSE, PSEUDO_OPEN, pseudoLocalize, pseudoText } from './pseudoLocalize';

/** The BCP 47 tag of the pseudo-locale (accented English), as Chromium and Android name it. */
export const PSEUDO_LOCALE = 'en-XA';

// StatusBadge reads a code it has no word for in English sentence case ('on-hold' -> 'On hold');
// every code a language translates gets its English word here, so the pseudo-locale marks them
// all and a badge that still shows plain English is a code no language knows.
function statusWords(): Record<string, string> {
  return Object.fromEntries(
    Object.keys(translatedStatuses).map((code) => {
      const words = code.split('-').join(' ');
      return [code, words.charAt(0).toUpperCase() + words.slice(1)];
    })
  );
}

/** Every family's texts in the pseudo-locale: accented, about 40% longer, marked ⟦…⟧. */
export const pseudo: MessageFamilies = /* @__PURE__ */ pseudoLocalize({
  ...english,
  status: { ...statusWords(), ...defaultStatusMessages },
});
