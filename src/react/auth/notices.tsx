// The auth cards' notices: error alert, issue list, policy notice, divider.
import { type ReactNode } from 'react';
import { useCn } from './authClassContext';
import type { AuthCommonMessages } from './messages';

/** The red alert titled 'Error' (MFA failures). */
export function ErrorAlert(props: { readonly title: string; readonly message: string }): ReactNode {
  const cn = useCn();
  return (
    <div role="alert" className={cn('auth-alert')} data-variant="error">
      <p className={cn('auth-alert-title')}>{props.title}</p>
      <p>{props.message}</p>
    </div>
  );
}

/** Server issues no field claims, announced as they appear. */
export function IssueList(props: { readonly issues: readonly string[] }): ReactNode {
  const cn = useCn();
  if (!props.issues.length) return null;
  return (
    <div role="alert" className={cn('auth-issues')}>
      <ul>
        {props.issues.map((issue, index) => (
          <li key={index}>{issue}</li>
        ))}
      </ul>
    </div>
  );
}

export function PolicyNotice(props: {
  readonly action: string;
  readonly messages: AuthCommonMessages;
  readonly privacyPolicyHref?: string;
  readonly termsHref?: string;
}): ReactNode {
  const cn = useCn();
  const { messages } = props;
  const link = (href: string | undefined, text: string) =>
    href ? (
      <a className={cn('auth-link')} href={href} target="_blank" rel="noopener noreferrer">
        {text}
      </a>
    ) : (
      text
    );
  return (
    <p className={cn('auth-notice')}>
      {messages.policyNoticeBefore(props.action)}
      {link(props.privacyPolicyHref, messages.privacyPolicy)}
      {messages.policyNoticeAnd}
      {link(props.termsHref, messages.termsOfService)}
      {messages.policyNoticeAfter}
    </p>
  );
}

export function Divider(props: { readonly children: ReactNode }): ReactNode {
  const cn = useCn();
  return (
    <div className={cn('auth-divider')} role="separator" aria-label={String(props.children)}>
      <span aria-hidden="true">{props.children}</span>
    </div>
  );
}
