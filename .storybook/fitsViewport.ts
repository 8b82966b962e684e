// The check every story ends with (preview.ts `afterEach`): at any width, from a 320 px phone up,
// nothing a story shows makes the page scroll sideways. A wide part (a table, a code block) has
// to scroll inside its own box or reflow; a fixed layer (a dialog, the toast stack) has to stay
// inside the viewport, where it cannot widen the page and would simply be cut off.

/** Half a pixel of slack for subpixel layout. */
const SLACK = 0.5;

/** Describes an element for the failure message: its tag and classes, or its role. */
function describe(element: Element): string {
  const classes = [...element.classList].filter((name) => name.startsWith('fpk-')).slice(0, 2);
  const role = element.getAttribute('role');
  const name = element.tagName.toLowerCase();
  const rect = element.getBoundingClientRect();
  const what = classes.length > 0 ? `${name}.${classes.join('.')}` : role ? `${name}[role=${role}]` : name;
  return `${what} (${Math.round(rect.left)}–${Math.round(rect.right)} px)`;
}

/** Whether a box between the element and the page clips or scrolls what sticks out of it. */
function insideOwnScrollBox(element: Element): boolean {
  for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
    if (getComputedStyle(parent).overflowX !== 'visible') return true;
  }
  return false;
}

/**
 * Throws when the page is wider than the viewport, naming the outermost parts that stick out, or
 * when a fixed layer reaches past the viewport's sides.
 */
export function assertFitsViewport(): void {
  const viewportWidth = document.documentElement.clientWidth;
  const problems: string[] = [];
  const all = [...document.body.querySelectorAll('*')];

  const pageWidth = document.documentElement.scrollWidth;
  if (pageWidth > viewportWidth + SLACK) {
    // The first offenders in document order are the outermost; their children only repeat them.
    const offenders = all.filter(
      (element) =>
        element.getBoundingClientRect().right > viewportWidth + SLACK &&
        !insideOwnScrollBox(element) &&
        !(element.parentElement && element.parentElement.getBoundingClientRect().right > viewportWidth + SLACK)
    );
    problems.push(
      `the page is ${pageWidth} px wide in a ${viewportWidth} px viewport; sticking out: ` +
        (offenders.slice(0, 5).map(describe).join(', ') || 'nothing visible (a margin or a transform)')
    );
  }

  for (const element of all) {
    if (getComputedStyle(element).position !== 'fixed') continue;
    const rect = element.getBoundingClientRect();
    if (rect.width === 0) continue;
    if (rect.left < -SLACK || rect.right > viewportWidth + SLACK) {
      problems.push(`a fixed layer reaches past the ${viewportWidth} px viewport: ${describe(element)}`);
    }
  }

  if (problems.length > 0)
    throw new Error(`The story does not fit a ${viewportWidth} px wide screen: ${problems.join('; ')}`);
}
