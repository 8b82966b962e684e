/** Full-page loading state while the session is restored. */
export function Loading() {
  return (
    <div className="portal-loading" role="status" aria-live="polite">
      Loading…
    </div>
  );
}
