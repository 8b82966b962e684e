/**
 * Runs `task` when the page is idle (within two seconds at most), so code a form only may need
 * (the pickers, the FHIRPath engine) does not compete with its first paint.
 */
export function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 2000 });
  else setTimeout(task, 200);
}
