import { Link } from 'react-router';
import { useText } from '../i18n/useText';
import { shellText } from './text';

/** The demo practice's name, linking home. */
export function Logo() {
  const t = useText(shellText);
  return (
    <Link to="/" className="portal-logo" aria-label={t.logoHome}>
      <span aria-hidden="true" className="portal-logo-mark">
        ✚
      </span>
      Foo Medical
    </Link>
  );
}
