import { Dialog, useErrorText } from 'fhir-portal-kit/react';
import { useId, useState, type FormEvent } from 'react';
import { useText } from '../i18n/useText';
import { staffText } from './text';

/**
 * 'Decline' on a renewal request: asks the reason, which the patient reads on their medication
 * page ('Renewal declined: <reason>'), so an empty one is not sent.
 */
export function DeclineRenewalDialog({
  what,
  onDecline,
}: {
  /** The medication and the patient, to name the button and the dialog. */
  what: string;
  onDecline: (reason: string) => Promise<void>;
}) {
  const errorText = useErrorText();
  const id = useId();
  const text = useText(staffText);
  const t = text.decline;
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    setSaving(true);
    setError(undefined);
    try {
      await onDecline(reason);
      setOpen(false);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      title={t.title}
      description={t.description(what)}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setReason('');
          setMissing(false);
          setError(undefined);
        }
      }}
      trigger={
        <button type="button" className="portal-button" data-variant="outline" aria-label={t.openLabel(what)}>
          {t.open}
        </button>
      }
    >
      <form className="portal-form" onSubmit={submit} noValidate>
        <div className="portal-field">
          <label htmlFor={`${id}-reason`}>{t.reason}</label>
          <textarea
            id={`${id}-reason`}
            rows={3}
            maxLength={500}
            required
            value={reason}
            aria-invalid={missing || undefined}
            aria-describedby={missing ? `${id}-reason-error` : undefined}
            onChange={(e) => {
              setReason(e.target.value);
              if (e.target.value.trim()) setMissing(false);
            }}
          />
          {missing && (
            <p id={`${id}-reason-error`} className="portal-field-error">
              {t.reasonMissing}
            </p>
          )}
        </div>
        {error && (
          <div role="alert" className="portal-error">
            <strong>{text.error}</strong> {error}
          </div>
        )}
        <div className="portal-form-actions">
          <button type="submit" className="portal-button" disabled={saving}>
            {t.submit}
          </button>
          <button type="button" className="portal-button" data-variant="outline" onClick={() => setOpen(false)}>
            {text.cancel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
