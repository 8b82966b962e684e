import { useProfile, useSearchResources } from 'fhir-portal-kit/react';
import { useText } from '../i18n/useText';
import { accountText } from './text';

/** account/membership-and-billing: Coverage by beneficiary and PaymentNotice ids (portal.md section 2). */
export function MembershipBillingPage() {
  const profile = useProfile();
  const t = useText(accountText);
  const me = profile ? `${profile.resourceType}/${profile.id}` : undefined;
  const coverage = useSearchResources(me ? 'Coverage' : undefined, { beneficiary: me ?? '' });
  const payments = useSearchResources('PaymentNotice');
  return (
    <section aria-labelledby="billing-title">
      <h1 id="billing-title">{t.membershipBilling}</h1>
      <h2 id="coverage-title">{t.coverage}</h2>
      {coverage.error && <p role="alert">{coverage.error.message}</p>}
      {!coverage.data && !coverage.error && <p role="status">{t.loading}</p>}
      {coverage.data && coverage.data.length === 0 && <p>{t.noCoverage}</p>}
      {coverage.data && coverage.data.length > 0 && (
        <table className="portal-table" aria-labelledby="coverage-title">
          <thead>
            <tr>
              <th scope="col">{t.payorName}</th>
              <th scope="col">{t.subscriberId}</th>
              <th scope="col">{t.relationshipToSubscriber}</th>
            </tr>
          </thead>
          <tbody>
            {coverage.data.map((c) => (
              <tr key={c.id}>
                <td>
                  {c.payor
                    ?.map((p) => p.display)
                    .filter(Boolean)
                    .join(', ')}
                </td>
                <td>{c.subscriberId}</td>
                <td>
                  {c.relationship?.coding?.[0]?.display ?? c.relationship?.coding?.[0]?.code ?? c.relationship?.text}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2 id="payments-title">{t.payments}</h2>
      {payments.error && <p role="alert">{payments.error.message}</p>}
      {!payments.data && !payments.error && <p role="status">{t.loading}</p>}
      {payments.data && payments.data.length === 0 && <p>{t.noPayments}</p>}
      {payments.data && payments.data.length > 0 && (
        <ul className="portal-list" aria-labelledby="payments-title">
          {payments.data.map((p) => (
            <li key={p.id}>{p.id}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
