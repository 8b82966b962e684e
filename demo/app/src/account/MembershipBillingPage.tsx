import { useProfile, useSearchResources } from 'fhir-portal-kit/react';

/** account/membership-and-billing: Coverage by beneficiary and PaymentNotice ids (portal.md section 2). */
export function MembershipBillingPage() {
  const profile = useProfile();
  const me = profile ? `${profile.resourceType}/${profile.id}` : undefined;
  const coverage = useSearchResources(me ? 'Coverage' : undefined, { beneficiary: me ?? '' });
  const payments = useSearchResources('PaymentNotice');
  return (
    <section aria-labelledby="billing-title">
      <h1 id="billing-title">Membership & Billing</h1>
      <h2 id="coverage-title">Coverage</h2>
      {coverage.error && <p role="alert">{coverage.error.message}</p>}
      {!coverage.data && !coverage.error && <p role="status">Loading…</p>}
      {coverage.data && coverage.data.length === 0 && <p>No coverage</p>}
      {coverage.data && coverage.data.length > 0 && (
        <table className="portal-table" aria-labelledby="coverage-title">
          <thead>
            <tr>
              <th scope="col">Payor Name</th>
              <th scope="col">Subscriber ID</th>
              <th scope="col">Relationship to Subscriber</th>
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
      <h2 id="payments-title">Payments</h2>
      {payments.error && <p role="alert">{payments.error.message}</p>}
      {!payments.data && !payments.error && <p role="status">Loading…</p>}
      {payments.data && payments.data.length === 0 && <p>No payments</p>}
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
