import { Link } from 'react-router';
import { useText } from '../i18n/useText';
import { healthRecordText } from './text';

/** The text in place of a record that does not exist (a 404 id in the URL), with a way back. */
export function NotFound({ backTo, backLabel, message }: { backTo: string; backLabel: string; message?: string }) {
  const t = useText(healthRecordText);
  return (
    <section aria-labelledby="not-found-title">
      <h1 id="not-found-title">{message ?? t.notFound}</h1>
      <p>{t.notFoundText}</p>
      <p>
        <Link to={backTo}>{backLabel}</Link>
      </p>
    </section>
  );
}
