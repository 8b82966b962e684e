// The two checks of the pseudo-locale pass, run in the page: text that did not come from
// messages (outside ⟦…⟧, with letters, neither data nor Intl's own words) and text cut off by
// its box. Each finding names an element by a short CSS path, so a failure says what to fix.
import type { Page } from 'playwright-core';

/** One thing the pass found on a page. */
export interface Finding {
  readonly selector: string;
  readonly text: string;
  /** What is wrong: the words no message gave, or how far the text overflows its box. */
  readonly detail: string;
}

/**
 * Visible text with letters that came neither from messages (⟦…⟧), nor from `data` (strings the
 * page received), nor from Intl in the page's locale (month and day names, times, relative
 * times, lists, units), nor from `allowed` (texts deliberately not translated, e.g. a language's
 * own name in the switcher, a brand), each matched as a whole phrase.
 */
export function findHardCodedText(page: Page, data: Iterable<string>, allowed: readonly string[]): Promise<Finding[]> {
  return page.evaluate(
    ({ data, allowed }) => {
      const WORD = /\p{L}[\p{L}\p{M}]*/gu;
      const LETTER = /\p{L}/u;
      const words = (text: string) => text.toLowerCase().match(WORD) ?? [];

      // Intl's own words in the page's language (and the browser's, which a component may use).
      const intl = new Set<string>();
      const addIntl = (text: string) => words(text).forEach((word) => intl.add(word));
      const locales = [...new Set([document.documentElement.lang, navigator.language].filter(Boolean))];
      const zones = ['UTC', 'America/New_York', 'America/Chicago', 'America/Los_Angeles', 'Europe/London'];
      const units = ['second', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'] as const;
      const measures = [
        'kilogram',
        'gram',
        'pound',
        'ounce',
        'centimeter',
        'meter',
        'kilometer',
        'inch',
        'foot',
        'mile',
        'celsius',
        'fahrenheit',
        'liter',
        'milliliter',
        'percent',
        ...units.filter((unit) => unit !== 'quarter'),
      ];
      for (const locale of locales) {
        for (let month = 0; month < 12; month++) {
          const date = new Date(Date.UTC(2026, month, 15 + (month % 7), 15, 30));
          for (const style of ['long', 'short', 'narrow'] as const) {
            addIntl(new Intl.DateTimeFormat(locale, { month: style, timeZone: 'UTC' }).format(date));
            addIntl(new Intl.DateTimeFormat(locale, { weekday: style, timeZone: 'UTC' }).format(date));
            addIntl(new Intl.DateTimeFormat(locale, { era: style, timeZone: 'UTC' }).format(date));
            addIntl(
              new Intl.DateTimeFormat(locale, { hour: 'numeric', dayPeriod: style, timeZone: 'UTC' }).format(date)
            );
          }
          for (const style of ['full', 'long', 'medium', 'short'] as const) {
            addIntl(
              new Intl.DateTimeFormat(locale, { dateStyle: style, timeStyle: style, timeZone: 'UTC' }).format(date)
            );
          }
        }
        for (const timeZone of zones) {
          for (const timeZoneName of ['short', 'long', 'shortGeneric', 'longGeneric', 'shortOffset'] as const) {
            addIntl(new Intl.DateTimeFormat(locale, { timeZone, timeZoneName, hour: 'numeric' }).format(new Date()));
          }
        }
        for (const style of ['long', 'short', 'narrow'] as const) {
          for (const numeric of ['auto', 'always'] as const) {
            const relative = new Intl.RelativeTimeFormat(locale, { style, numeric });
            for (const unit of units) for (const value of [-2, -1, 0, 1, 2]) addIntl(relative.format(value, unit));
          }
          for (const type of ['conjunction', 'disjunction', 'unit'] as const) {
            addIntl(new Intl.ListFormat(locale, { style, type }).format(['1', '2', '3']));
          }
          for (const unit of measures) {
            const unitDisplay = style;
            for (const value of [1, 2]) {
              addIntl(new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay }).format(value));
            }
          }
        }
        for (const compactDisplay of ['short', 'long'] as const) {
          addIntl(new Intl.NumberFormat(locale, { notation: 'compact', compactDisplay }).format(1_234_567));
          addIntl(new Intl.NumberFormat(locale, { notation: 'compact', compactDisplay }).format(1_234));
        }
      }

      // Data, longest first, so 'Julia Hibbert' goes before 'Julia'; lower-cased as the words are.
      const dataStrings = [...new Set([...data, ...allowed].map((text) => text.toLowerCase()))]
        .filter((text) => LETTER.test(text) && text.length <= 2000)
        .sort((a, b) => b.length - a.length);
      const dataInitials = new Set(dataStrings.flatMap((text) => words(text).map((word) => word[0])));

      // Blanks each data string found in the text as whole words (not inside a longer word).
      const withoutData = (text: string) => {
        let rest = text.toLowerCase();
        for (const value of dataStrings) {
          let at = rest.indexOf(value);
          while (at >= 0) {
            const before = rest[at - 1] ?? ' ';
            const after = rest[at + value.length] ?? ' ';
            if (!LETTER.test(before) && !LETTER.test(after)) {
              rest = rest.slice(0, at) + ' '.repeat(value.length) + rest.slice(at + value.length);
            }
            at = rest.indexOf(value, at + 1);
          }
        }
        return rest;
      };
      // Message text, including a message split across nodes: '…⟧' at the start, '⟦…' at the end.
      const withoutMessages = (text: string) =>
        text
          .replace(/⟦[^⟧]*⟧/g, ' ')
          .replace(/^[^⟦]*⟧/, ' ')
          .replace(/⟦[^⟧]*$/, ' ');
      // An avatar's initials ('HS'): capitals that each start a word of the data.
      const isInitials = (word: string, original: string) =>
        original.length <= 3 &&
        original === original.toUpperCase() &&
        [...word].every((letter) => dataInitials.has(letter));

      const selectorOf = (element: Element) => {
        const parts: string[] = [];
        for (let el: Element | null = element; el && el !== document.body && parts.length < 4; el = el.parentElement) {
          if (el.id) {
            parts.unshift(`${el.tagName.toLowerCase()}#${CSS.escape(el.id)}`);
            break;
          }
          const classes = typeof el.className === 'string' ? el.className.trim().split(/\s+/).filter(Boolean) : [];
          parts.unshift(
            el.tagName.toLowerCase() +
              classes
                .slice(0, 2)
                .map((c) => `.${CSS.escape(c)}`)
                .join('')
          );
        }
        return parts.join(' > ');
      };
      const isShown = (element: Element, node?: Node) => {
        if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: false })) return false;
        if (!node) return element.getClientRects().length > 0;
        const range = document.createRange();
        range.selectNodeContents(node);
        return Array.from(range.getClientRects()).some((rect) => rect.width > 0 && rect.height > 0);
      };

      const findings: { selector: string; text: string; detail: string }[] = [];
      const check = (element: Element, text: string) => {
        const rest = withoutMessages(text);
        if (!LETTER.test(rest)) return;
        const unknown = words(withoutData(rest)).filter((word) => {
          if (intl.has(word)) return false;
          const original = rest.match(new RegExp(word, 'iu'))?.[0] ?? word;
          return !isInitials(word, original);
        });
        if (unknown.length) {
          findings.push({ selector: selectorOf(element), text: text.trim().slice(0, 120), detail: unknown.join(' ') });
        }
      };

      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        const text = node.textContent ?? '';
        if (!parent || !LETTER.test(text) || parent.closest('script, style, noscript, template')) continue;
        if (isShown(parent, node)) check(parent, text);
      }
      // Visible text that is not a text node: placeholders and the labels of input buttons.
      for (const field of Array.from(document.querySelectorAll('input, textarea'))) {
        if (!isShown(field)) continue;
        const placeholder = field.getAttribute('placeholder');
        if (placeholder) check(field, placeholder);
        const type = field.getAttribute('type');
        if (type === 'button' || type === 'submit' || type === 'reset') check(field, (field as HTMLInputElement).value);
      }
      return findings;
    },
    { data: [...data], allowed: [...allowed] }
  );
}

/**
 * Text cut off by its box: an element that hides overflow (overflow hidden or clip, or
 * text-overflow: ellipsis) and holds text whose content is wider or taller than the box.
 */
export function findClippedText(page: Page): Promise<Finding[]> {
  return page.evaluate(() => {
    const selectorOf = (element: Element) => {
      const parts: string[] = [];
      for (let el: Element | null = element; el && el !== document.body && parts.length < 4; el = el.parentElement) {
        if (el.id) {
          parts.unshift(`${el.tagName.toLowerCase()}#${CSS.escape(el.id)}`);
          break;
        }
        const classes = typeof el.className === 'string' ? el.className.trim().split(/\s+/).filter(Boolean) : [];
        parts.unshift(
          el.tagName.toLowerCase() +
            classes
              .slice(0, 2)
              .map((c) => `.${CSS.escape(c)}`)
              .join('')
        );
      }
      return parts.join(' > ');
    };
    const hides = (value: string) => value === 'hidden' || value === 'clip';
    const findings: { selector: string; text: string; detail: string }[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const style = getComputedStyle(element);
      const clipsX = hides(style.overflowX) || style.textOverflow === 'ellipsis';
      const clipsY = hides(style.overflowY);
      if (!clipsX && !clipsY) continue;
      if (!/\p{L}|\p{N}/u.test(element.textContent ?? '')) continue;
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      const box = element.getBoundingClientRect();
      // Visually hidden text (screen readers only) is a 1 px box by design.
      if (box.width <= 1 || box.height <= 1) continue;
      const wide = clipsX && element.scrollWidth > element.clientWidth + 1;
      const tall = clipsY && element.scrollHeight > element.clientHeight + 1;
      if (!wide && !tall) continue;
      findings.push({
        selector: selectorOf(element),
        text: (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 120),
        detail:
          (wide ? `content ${element.scrollWidth}px wide in ${element.clientWidth}px` : '') +
          (wide && tall ? ', ' : '') +
          (tall ? `content ${element.scrollHeight}px tall in ${element.clientHeight}px` : ''),
      });
    }
    return findings;
  });
}
