import type { Address, HumanName, Patient, PatientContact } from 'fhir-portal-kit';
import { AddressInput, HumanNameInput, useFhirClient, useNotifications } from 'fhir-portal-kit/react';
import { useState, type FormEvent } from 'react';
import { usePatient } from './usePatient';

const GENDERS = ['', 'female', 'male', 'other', 'unknown'] as const;
const EMERGENCY = { system: 'http://terminology.hl7.org/CodeSystem/v2-0131', code: 'C', display: 'Emergency Contact' };

/** What the form edits, kept apart from the stored Patient so a failed save loses nothing. */
interface ProfileDraft {
  firstName: string;
  lastName: string;
  gender: string;
  birthDate: string;
  address: Address;
  contactName: HumanName;
  contactPhone: string;
}

function draftOf(patient: Patient): ProfileDraft {
  const name = patient.name?.[0];
  const contact = emergencyContact(patient);
  return {
    firstName: name?.given?.join(' ') ?? '',
    lastName: name?.family ?? '',
    gender: patient.gender ?? '',
    birthDate: patient.birthDate ?? '',
    address: patient.address?.[0] ?? {},
    contactName: contact?.name ?? {},
    contactPhone: contact?.telecom?.find((t) => t.system === 'phone')?.value ?? '',
  };
}

function emergencyContact(patient: Patient): PatientContact | undefined {
  return patient.contact?.find((c) => c.relationship?.some((r) => r.coding?.some((x) => x.code === EMERGENCY.code)));
}

/** The Patient with the draft applied: the first name, address and emergency contact replaced, the rest kept. */
function applyDraft(patient: Patient, d: ProfileDraft): Patient {
  const given = d.firstName.trim() ? d.firstName.trim().split(/\s+/) : undefined;
  const name: HumanName = { ...patient.name?.[0], given, family: d.lastName.trim() || undefined };
  const hasContact = Object.keys(d.contactName).length > 0 || d.contactPhone.trim() !== '';
  const contact: PatientContact | undefined = hasContact
    ? {
        relationship: [{ coding: [EMERGENCY] }],
        name: d.contactName,
        ...(d.contactPhone.trim() ? { telecom: [{ system: 'phone', value: d.contactPhone.trim() }] } : {}),
      }
    : undefined;
  const others = (patient.contact ?? []).filter((c) => c !== emergencyContact(patient));
  return {
    ...patient,
    name: [name, ...(patient.name ?? []).slice(1)],
    gender: (d.gender || undefined) as Patient['gender'],
    birthDate: d.birthDate || undefined,
    address: Object.keys(d.address).length
      ? [d.address, ...(patient.address ?? []).slice(1)]
      : patient.address?.slice(1),
    contact: contact ? [contact, ...others] : others.length ? others : undefined,
  };
}

/** account/profile: personal and contact information, and the emergency contact. */
export function ProfilePage() {
  const { patient, error } = usePatient();
  if (error) return <p role="alert">{error}</p>;
  if (!patient) return <p role="status">Loading…</p>;
  return <ProfileForm key={patient.id} patient={patient} />;
}

function ProfileForm({ patient }: { patient: Patient }) {
  const client = useFhirClient();
  const notifications = useNotifications();
  const [draft, setDraft] = useState(() => draftOf(patient));
  const [saving, setSaving] = useState(false);
  const [current, setCurrent] = useState(patient);
  const set = <K extends keyof ProfileDraft>(key: K, value: ProfileDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const email = current.telecom?.find((t) => t.system === 'email')?.value ?? '';

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const saved = await client.updateResource(applyDraft(current, draft));
      setCurrent(saved);
      notifications.showSuccess('Success', 'Profile edited');
    } catch (e) {
      // The draft stays as typed, so the user can correct and save again.
      notifications.showError(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="portal-profile" onSubmit={save} aria-busy={saving || undefined} aria-labelledby="profile-title">
      <h1 id="profile-title">Profile</h1>
      <fieldset className="fpk-inputs-fieldset" disabled={saving}>
        <legend className="fpk-inputs-legend">Personal information</legend>
        <div className="fpk-inputs-row">
          <Field
            label="First name"
            value={draft.firstName}
            onChange={(v) => set('firstName', v)}
            autoComplete="given-name"
          />
          <Field
            label="Last name"
            value={draft.lastName}
            onChange={(v) => set('lastName', v)}
            autoComplete="family-name"
          />
        </div>
        <div className="fpk-inputs-row">
          <div className="fpk-inputs-field">
            <label className="fpk-inputs-label" htmlFor="profile-gender">
              Gender
            </label>
            <select
              id="profile-gender"
              className="fpk-select"
              value={draft.gender}
              onChange={(e) => set('gender', e.target.value)}
            >
              {GENDERS.map((g) => (
                <option key={g} value={g}>
                  {g ? g.charAt(0).toUpperCase() + g.slice(1) : ''}
                </option>
              ))}
            </select>
          </div>
          <Field
            label="Birth date"
            type="date"
            value={draft.birthDate}
            onChange={(v) => set('birthDate', v)}
            autoComplete="bday"
          />
        </div>
      </fieldset>
      <fieldset className="fpk-inputs-fieldset" disabled={saving}>
        <legend className="fpk-inputs-legend">Contact information</legend>
        <Field label="Email" type="email" value={email} disabled />
        <AddressInput label="Address" value={draft.address} onValueChange={(a) => set('address', a)} />
      </fieldset>
      <fieldset id="emergency-contact" className="fpk-inputs-fieldset" disabled={saving}>
        <legend className="fpk-inputs-legend">Emergency contact</legend>
        <HumanNameInput label="Contact name" value={draft.contactName} onValueChange={(n) => set('contactName', n)} />
        <Field
          label="Contact phone"
          type="tel"
          value={draft.contactPhone}
          onChange={(v) => set('contactPhone', v)}
          autoComplete="tel"
        />
      </fieldset>
      <div className="portal-form-actions">
        <button type="submit" className="fpk-button" disabled={saving}>
          Save
        </button>
      </div>
      {saving && (
        <div className="portal-loading-overlay" role="status">
          Saving…
        </div>
      )}
    </form>
  );
}

function Field({
  label,
  value,
  onChange,
  type = 'text',
  disabled,
  autoComplete,
}: {
  label: string;
  value: string;
  onChange?: (value: string) => void;
  type?: string;
  disabled?: boolean;
  autoComplete?: string;
}) {
  const id = `profile-${label.toLowerCase().replace(/\s+/g, '-')}`;
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
        onChange={(e) => onChange?.(e.target.value)}
      />
    </div>
  );
}
