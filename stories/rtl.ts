// For the right-to-left stories: where a cell's text sits inside the cell.

/** The gaps between a cell's edges and its text: `start` on the left, `end` on the right. */
export function textGaps(cell: Element): { left: number; right: number } {
  const range = document.createRange();
  range.selectNodeContents(cell);
  const text = range.getBoundingClientRect();
  const box = cell.getBoundingClientRect();
  return { left: text.left - box.left, right: box.right - text.right };
}
