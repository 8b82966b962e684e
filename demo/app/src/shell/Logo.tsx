import { Link } from 'react-router';

/** The demo practice's name, linking home. */
export function Logo() {
  return (
    <Link to="/" className="portal-logo" aria-label="Foo Medical home">
      <span aria-hidden="true" className="portal-logo-mark">
        ✚
      </span>
      Foo Medical
    </Link>
  );
}
