import type { Patient } from 'fhir-portal-kit';
import { AddressInput, HumanNameInput, useFhirClient, useNotifications } from 'fhir-portal-kit/react';
import { useRef, useState, type FormEvent } from 'react';
import { useText } from '../i18n/useText';
import { PERSONAL_RELATIONSHIPS, personalRelationshipOf, relationshipLabel } from './contact-relationship';
import {
  applyDraft,
  draftOf,
  emergencyContact,
  validateProfile,
  type ProfileDraft,
  type ProfileErrors,
} from './profile-draft';
import { accountText } from './text';
import { useSavedOnDevice } from '../offline/useSavedOnDevice';
import { usePatient } from './usePatient';

const GENDERS = ['', 'female', 'male', 'other', 'unknown'] as const;

/** account/profile: personal and contact information, and the emergency contact. */
export function ProfilePage() {
  const { patient, error } = usePatient();
  const t = useText(accountText);
  if (error) return <p role="alert">{error}</p>;
  if (!patient) return <p role="status">{t.loading}</p>;
  return <ProfileForm key={patient.id} patient={patient} />;
}

/** The profile form for a loaded Patient; first and last name are required before anything is sent. */
export function ProfileForm({ patient }: { patient: Patient }) {
  const client = useFhirClient();
  const notifications = useNotifications();
  const savedOnDevice = useSavedOnDevice();
  const t = useText(accountText);
  const [draft, setDraft] = useState(() => draftOf(patient));
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const [current, setCurrent] = useState(patient);
  const set = <K extends keyof ProfileDraft>(key: K, value: ProfileDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const email = current.telecom?.find((t) => t.system === 'email')?.value ?? '';
  // A relationship the record holds that the list does not offer (set elsewhere) stays choosable.
  const recorded = personalRelationshipOf(emergencyContact(current));
  const relationshipCodes: string[] = PERSONAL_RELATIONSHIPS.map((r) => r.code);
  if (recorded?.code && !relationshipCodes.includes(recorded.code)) relationshipCodes.push(recorded.code);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateProfile(draft, t);
    setErrors(found);
    if (Object.keys(found).length) {
      // Nothing is sent; focus goes to the first field that needs fixing.
      const first = found.firstName ? 'profile-first-name' : 'profile-last-name';
      formRef.current?.querySelector<HTMLInputElement>(`#${first}`)?.focus();
      return;
    }
    setSaving(true);
    try {
      const saved = await client.updateResource(applyDraft(current, draft));
      setCurrent(saved);
      // Offline the change waits on the device (a conflict, if the record changes meanwhile, is asked in the shell).
      if (!savedOnDevice(saved)) notifications.showSuccess(t.success, t.profileEdited);
    } catch (e) {
      // The draft stays as typed, so the user can correct and save again.
      notifications.showError(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      ref={formRef}
      className="portal-profile"
      noValidate
      onSubmit={save}
      aria-busy={saving || undefined}
      aria-labelledby="profile-title"
    >
      <h1 id="profile-title">{t.profile}</h1>
      <fieldset className="fpk-inputs-fieldset" disabled={saving}>
        <legend className="fpk-inputs-legend">{t.personalInformation}</legend>
        <div className="fpk-inputs-row">
          <Field
            id="profile-first-name"
            label={t.firstName}
            value={draft.firstName}
            onChange={(v) => set('firstName', v)}
            autoComplete="given-name"
            required
            error={errors.firstName}
          />
          <Field
            id="profile-middle-name"
            label={t.middleName}
            value={draft.middleName}
            onChange={(v) => set('middleName', v)}
            autoComplete="additional-name"
          />
          <Field
            id="profile-last-name"
            label={t.lastName}
            value={draft.lastName}
            onChange={(v) => set('lastName', v)}
            autoComplete="family-name"
            required
            error={errors.lastName}
          />
        </div>
        <div className="fpk-inputs-row">
          <div className="fpk-inputs-field">
            <label className="fpk-inputs-label" htmlFor="profile-gender">
              {t.gender}
            </label>
            <select
              id="profile-gender"
              className="fpk-select"
              value={draft.gender}
              onChange={(e) => set('gender', e.target.value)}
            >
              {GENDERS.map((g) => (
                <option key={g} value={g}>
                  {g ? t[g] : ''}
                </option>
              ))}
            </select>
          </div>
          <Field
            id="profile-birth-date"
            label={t.birthDate}
            type="date"
            value={draft.birthDate}
            onChange={(v) => set('birthDate', v)}
            autoComplete="bday"
          />
        </div>
      </fieldset>
      <fieldset className="fpk-inputs-fieldset" disabled={saving}>
        <legend className="fpk-inputs-legend">{t.contactInformation}</legend>
        <Field id="profile-email" label={t.email} type="email" value={email} disabled />
        <AddressInput label={t.address} value={draft.address} onValueChange={(a) => set('address', a)} />
      </fieldset>
      <fieldset id="emergency-contact" className="fpk-inputs-fieldset" disabled={saving}>
        <legend className="fpk-inputs-legend">{t.emergencyContact}</legend>
        <HumanNameInput label={t.contactName} value={draft.contactName} onValueChange={(n) => set('contactName', n)} />
        <div className="fpk-inputs-field">
          <label className="fpk-inputs-label" htmlFor="profile-contact-relationship">
            {t.relationshipToYou}
          </label>
          <select
            id="profile-contact-relationship"
            className="fpk-select"
            value={draft.contactRelationship}
            onChange={(e) => set('contactRelationship', e.target.value)}
          >
            <option value="">{t.notGiven}</option>
            {relationshipCodes.map((code) => (
              <option key={code} value={code}>
                {relationshipLabel(code, recorded, t)}
              </option>
            ))}
          </select>
        </div>
        <Field
          id="profile-contact-phone"
          label={t.contactPhone}
          type="tel"
          value={draft.contactPhone}
          onChange={(v) => set('contactPhone', v)}
          autoComplete="tel"
        />
      </fieldset>
      <div className="portal-form-actions">
        <button type="submit" className="fpk-button" disabled={saving}>
          {t.save}
        </button>
      </div>
      {saving && (
        <div className="portal-loading-overlay" role="status">
          {t.saving}
        </div>
      )}
    </form>
  );
}

function Field({
  id,
  label,
  value,
  onChange,
  type = 'text',
  disabled,
  autoComplete,
  required,
  error,
}: {
  /** The input's id (fixed, so it stays the same in every language). */
  id: string;
  label: string;
  value: string;
  onChange?: (value: string) => void;
  type?: string;
  disabled?: boolean;
  autoComplete?: string;
  required?: boolean;
  /** Shown under the field and tied to it (aria-invalid, aria-describedby). */
  error?: string;
}) {
  return (
    <div className="fpk-inputs-field">
      <label className="fpk-inputs-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="fpk-input"
        type={type}
        value={value}
        disabled={disabled}
        readOnly={!onChange}
        autoComplete={autoComplete}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange?.(e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="portal-field-error">
          {error}
        </p>
      )}
    </div>
  );
}
