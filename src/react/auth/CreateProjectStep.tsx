// The create-project step of the sign-in card.
import { type ReactNode } from 'react';
import { useCn } from './authClassContext';
import { SubmitButton, TextField } from './fields';
import { IssueList, PolicyNotice } from './notices';
import type { AuthCommonMessages } from './messages';
import { submitWith } from './focus';

/** The create-project step both forms end in for a new project: name, policy notice, submit. */
export function CreateProjectStep(props: {
  readonly messages: AuthCommonMessages;
  readonly projectName: string;
  readonly onProjectNameChange: (value: string) => void;
  readonly error?: string;
  readonly issues: readonly string[];
  readonly loading: boolean;
  readonly onSubmit: () => Promise<void>;
  readonly privacyPolicyHref?: string;
  readonly termsHref?: string;
}): ReactNode {
  const cn = useCn();
  const m = props.messages;
  return (
    <form className={cn('auth-form')} noValidate onSubmit={submitWith(props.onSubmit)}>
      <TextField
        name="projectName"
        label={m.projectNameLabel}
        placeholder={m.projectNamePlaceholder}
        autoComplete="organization"
        required
        value={props.projectName}
        onChange={props.onProjectNameChange}
        error={props.error}
        autoFocusOnStep
      />
      <PolicyNotice
        action={m.createProject}
        messages={m}
        privacyPolicyHref={props.privacyPolicyHref}
        termsHref={props.termsHref}
      />
      <IssueList issues={props.issues} />
      <div className={cn('auth-actions')}>
        <SubmitButton loading={props.loading}>{m.createProject}</SubmitButton>
      </div>
    </form>
  );
}
