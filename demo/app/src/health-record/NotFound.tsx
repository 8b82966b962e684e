import { Link } from 'react-router';

/** The text in place of a record that does not exist (a 404 id in the URL), with a way back. */
export function NotFound({
  backTo,
  backLabel,
  message = 'Not found',
}: {
  backTo: string;
  backLabel: string;
  message?: string;
}) {
  return (
    <section aria-labelledby="not-found-title">
      <h1 id="not-found-title">{message}</h1>
      <p>We could not find this record. It may have been removed, or the link may be wrong.</p>
      <p>
        <Link to={backTo}>{backLabel}</Link>
      </p>
    </section>
  );
}
