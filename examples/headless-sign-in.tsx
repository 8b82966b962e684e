// Headless hooks with your own markup: the sign-in flow (useSignIn), first two steps.
import { useSignIn } from 'fhir-portal-kit/react';

export function MySignIn({ onDone }: { onDone: () => void }) {
  const { step, values, fieldErrors, issues, loading, actions } = useSignIn({ onSuccess: onDone });
  if (step !== 'email' && step !== 'password') return <p>Continue in the next step…</p>;
  const field = step === 'email' ? 'email' : 'password';
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void (step === 'email' ? actions.submitEmail() : actions.submitPassword());
      }}
    >
      <label>
        {step === 'email' ? 'Work email' : 'Password'}
        <input
          type={step === 'email' ? 'email' : 'password'}
          value={values[field]}
          aria-invalid={fieldErrors[field] ? true : undefined}
          onChange={(event) => actions.setField(field, event.target.value)}
        />
      </label>
      {fieldErrors[field] && <p role="alert">{fieldErrors[field]}</p>}
      {issues.map((issue) => (
        <p key={issue} role="alert">
          {issue}
        </p>
      ))}
      <button type="submit" aria-busy={loading || undefined}>
        Continue
      </button>
    </form>
  );
}
