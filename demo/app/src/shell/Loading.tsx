import { useText } from '../i18n/useText';
import { shellText } from './text';

/** Full-page loading state while the session is restored. */
export function Loading() {
  const t = useText(shellText);
  return (
    <div className="portal-loading" role="status" aria-live="polite">
      {t.loading}
    </div>
  );
}
