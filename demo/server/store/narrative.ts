// A resource's narrative (text.div) may hold only what FHIR's narrative rules allow (txt-1, txt-2:
// basic XHTML formatting, links, images, styles), never anything a browser runs: no <script>, no
// event-handler attribute, no javascript: URL, no frames, forms or embedded objects. Apps show the
// narrative as HTML, so a patient's <script> in their own Patient would run in a doctor's browser.
// One strict XML parse (saxes: linear, no DTD, no entity expansion) with allow lists; the size is
// already bounded by the resource cap.
import { SaxesParser, type SaxesTagNS } from 'saxes';

const XHTML = 'http://www.w3.org/1999/xhtml';

/** The elements of FHIR's XHTML subset. */
const ELEMENTS = new Set(
  (
    'a abbr acronym address b bdo big blockquote br caption cite code col colgroup dd del dfn div dl dt em ' +
    'h1 h2 h3 h4 h5 h6 hr i img ins kbd li ol p pre q s samp small span strong sub sup table tbody td tfoot ' +
    'th thead tr tt u ul var'
  ).split(' ')
);

/** Their attributes (none of them runs anything; URLs and styles are checked on their own). */
const ATTRIBUTES = new Set(
  (
    'abbr accesskey align alt axis border cellpadding cellspacing char charoff charset cite class colspan ' +
    'compact coords datetime dir frame headers height href hreflang id lang longdesc name rel rev rowspan ' +
    'rules scope shape span src start style summary tabindex title type valign value width xml:lang xmlns'
  ).split(' ')
);

const URL_ATTRIBUTES = new Set(['href', 'src', 'cite', 'longdesc']);
const URL_SCHEMES = new Set(['http', 'https', 'mailto', 'tel', 'urn']);
/** CSS that loads or runs something: old IE expressions and behaviours, url(), imports, escapes. */
const STYLE_DANGERS = ['expression', 'url(', 'javascript', '@import', 'behavior', 'binding', '\\'];

/** The URL as a browser reads it: leading and trailing spaces and controls dropped, tabs and newlines removed. */
function browserUrl(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code <= 0x20 || code === 0x7f) continue;
    out += char;
  }
  return out.toLowerCase();
}

/**
 * The scheme of a URL that could run something, or undefined when it runs nothing: a relative
 * URL, a web, mail or phone link, or (in an img) a raster image.
 */
function unsafeScheme(value: string, element: string): string | undefined {
  const url = browserUrl(value);
  for (let i = 0; i < url.length; i++) {
    const c = url[i];
    if (c === '/' || c === '?' || c === '#') return undefined;
    if (c !== ':') continue;
    const scheme = url.slice(0, i);
    if (URL_SCHEMES.has(scheme)) return undefined;
    const rasterImage = element === 'img' && url.startsWith('data:image/') && !url.startsWith('data:image/svg');
    return rasterImage ? undefined : scheme.slice(0, 20);
  }
  return undefined;
}

class Refused extends Error {}

/** What is wrong with a narrative div, or undefined when it is safe and well-formed. */
export function narrativeProblem(div: string): string | undefined {
  const parser = new SaxesParser({ xmlns: true });
  let problem: string | undefined;
  let elements = 0;
  const refuse = (text: string): never => {
    problem ??= text;
    throw new Refused();
  };
  parser.on('doctype', () => refuse('The narrative must not contain a DOCTYPE declaration'));
  parser.on('processinginstruction', () => refuse('The narrative must not contain processing instructions'));
  parser.on('error', (err) =>
    refuse(`The narrative is not well-formed XHTML: ${err.message.replace(/^(?:[^:]*:)?\d+:\d+: /, '')}`)
  );
  parser.on('opentag', (tag: SaxesTagNS) => {
    const name = tag.local.toLowerCase();
    if (++elements === 1 && name !== 'div') refuse('The narrative must be a single div element');
    if ((tag.uri && tag.uri !== XHTML) || !ELEMENTS.has(name))
      refuse(`The narrative may not contain a <${tag.name.slice(0, 40)}> element`);
    for (const attribute of Object.values(tag.attributes)) {
      const attributeName = attribute.name.toLowerCase();
      if (attributeName.startsWith('xmlns:')) continue;
      if (!ATTRIBUTES.has(attributeName) || attributeName.startsWith('on'))
        refuse(`The narrative may not contain the ${attribute.name.slice(0, 40)} attribute`);
      const scheme = URL_ATTRIBUTES.has(attributeName) ? unsafeScheme(attribute.value, name) : undefined;
      if (scheme !== undefined) refuse(`The narrative may not contain a ${scheme}: URL`);
      if (attributeName === 'style') {
        const style = attribute.value.toLowerCase();
        if (STYLE_DANGERS.some((danger) => style.includes(danger)))
          refuse('The narrative may not contain a style that loads or runs anything');
      }
    }
  });
  try {
    parser.write(div).close();
  } catch (err) {
    if (!(err instanceof Refused)) return `The narrative is not well-formed XHTML: ${(err as Error).message}`;
  }
  if (!problem && elements === 0) return 'The narrative must be a single div element';
  return problem;
}
