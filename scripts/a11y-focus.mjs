// The focus-ring measurement of `npm run a11y`, shared by the story and the route walks. It runs in
// the page (page.evaluate serialises it), so it may use nothing from outside its own body.

/** In the page: the focused element's focus indicator (its outline, else its widest box-shadow), and its contrast against the background behind it. */
export function measureFocus() {
  const el = document.activeElement;
  if (!el || el === document.body) return undefined;
  const parse = (c) => (c.match(/[\d.]+/g) ?? []).map(Number);
  const luminance = ([r, g, b]) => {
    const lin = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const contrast = (a, b) => {
    const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (l1 + 0.05) / (l2 + 0.05);
  };
  // The opaque background behind the control: its parent's, up the tree, white at the root.
  let bg = [255, 255, 255];
  for (let node = el.parentElement; node; node = node.parentElement) {
    const c = parse(getComputedStyle(node).backgroundColor);
    if (c.length >= 3 && (c.length < 4 || c[3] > 0.5)) {
      bg = c.slice(0, 3);
      break;
    }
  }
  const focused = getComputedStyle(el);
  const rect = el.getBoundingClientRect();
  const name = `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''} "${(
    el.getAttribute('aria-label') ||
    el.textContent ||
    el.getAttribute('name') ||
    ''
  )
    .trim()
    .slice(0, 30)}"`;
  const outlineWidth = focused.outlineStyle === 'none' ? 0 : parseFloat(focused.outlineWidth);
  const shadow = focused.boxShadow !== 'none' ? focused.boxShadow : '';
  // A box-shadow ring: the largest spread among the shadows, in the shadow's colour.
  const spreads = [
    ...shadow.matchAll(/(rgba?\([^)]*\))[^,]*?(-?[\d.]+)px\s+(-?[\d.]+)px\s+(-?[\d.]+)px\s+(-?[\d.]+)px/g),
  ].map((m) => ({
    color: parse(m[1]).slice(0, 3),
    spread: Number(m[5]),
  }));
  const ring =
    outlineWidth > 0
      ? { width: outlineWidth, color: parse(focused.outlineColor).slice(0, 3) }
      : spreads.sort((a, b) => b.spread - a.spread)[0];
  return {
    name,
    // A control of the kit (inside an fpk- part), or of the story's own harness (a plain button
    // that opens a toast, a palette switch), which is counted apart.
    ours: !!el.closest('[class*="fpk-"]'),
    visible: rect.width > 0 && rect.height > 0,
    // An iframe is document.activeElement while focus is inside it, and then matches neither
    // :focus nor :focus-visible in Chromium; the indicator belongs to the framed document.
    frame: el.tagName === 'IFRAME',
    width: ring?.width ?? ring?.spread ?? 0,
    contrast: ring ? Math.round(contrast(ring.color, bg) * 10) / 10 : 0,
  };
}

/** Counts a measured control in `totals` (the statement's ring figures) and names any failing one in `problems`. */
export function judgeFocus(focus, label, totals, problems) {
  totals.controls++;
  if (focus.width === 0) {
    totals.noRing++;
    problems.push(`${label}: ${focus.name} shows no focus ring`);
  } else if (focus.width < 2) {
    totals.thin++;
    problems.push(`${label}: ${focus.name} focus ring ${focus.width}px (< 2px)`);
  } else if (focus.contrast < 3) {
    totals.lowContrast++;
    problems.push(`${label}: ${focus.name} focus ring contrast ${focus.contrast}:1 (< 3:1)`);
  } else totals.ringOk++;
}
