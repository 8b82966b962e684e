import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Patient } from 'fhir-portal-kit';
import { FhirProvider, NotificationsProvider } from 'fhir-portal-kit/react';
import { describe, expect, it } from 'vitest';
import { createTestClient, fhirJson } from '../../../../src/react/test-utils';
import { ProfileForm } from './ProfilePage';
import { applyDraft, draftOf, validateProfile } from './profile-draft';

const HOMER: Patient = {
  resourceType: 'Patient',
  id: 'homer',
  name: [{ use: 'official', given: ['Homer', 'Jay'], family: 'Simpson' }],
};

function renderForm(patient: Patient = HOMER) {
  const { client, requests } = createTestClient((request) => fhirJson({ ...(request.body as object), meta: {} }));
  render(
    <FhirProvider client={client}>
      <NotificationsProvider container={null} autoClose={false}>
        <ProfileForm patient={patient} />
      </NotificationsProvider>
    </FhirProvider>
  );
  return { requests };
}

describe('the profile form', () => {
  it('shows the first given name as First name and the others as Middle name', () => {
    renderForm();
    expect(screen.getByLabelText('First name')).toHaveValue('Homer');
    expect(screen.getByLabelText('Middle name')).toHaveValue('Jay');
    expect(screen.getByLabelText('Last name')).toHaveValue('Simpson');
  });

  describe('when the first and last name are emptied', () => {
    it('says so on each field and sends nothing', async () => {
      const user = userEvent.setup();
      const { requests } = renderForm();
      await user.clear(screen.getByLabelText('First name'));
      await user.clear(screen.getByLabelText('Last name'));
      await user.click(screen.getByRole('button', { name: 'Save' }));

      const first = screen.getByLabelText('First name');
      expect(first).toHaveAttribute('aria-invalid', 'true');
      expect(first).toHaveAccessibleDescription('Enter your first name');
      expect(first).toHaveFocus();
      expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription('Enter your last name');
      expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
    });
  });

  describe('when a middle name is changed', () => {
    it('saves it back as the given names after the first', async () => {
      const user = userEvent.setup();
      const { requests } = renderForm();
      await user.clear(screen.getByLabelText('Middle name'));
      await user.type(screen.getByLabelText('Middle name'), 'Jay  Abraham');
      await user.click(screen.getByRole('button', { name: 'Save' }));

      await screen.findByText('Profile edited');
      const put = requests.find((r) => r.method === 'PUT');
      expect((put?.body as Patient).name?.[0]).toEqual({
        use: 'official',
        given: ['Homer', 'Jay', 'Abraham'],
        family: 'Simpson',
      });
      expect(screen.getByLabelText('First name')).not.toHaveAttribute('aria-invalid');
    });
  });
});

describe('the emergency contact', () => {
  const V2 = 'http://terminology.hl7.org/CodeSystem/v2-0131';
  const ROLE = 'http://terminology.hl7.org/CodeSystem/v3-RoleCode';

  describe('when the patient names a contact and chooses how they are related', () => {
    it('saves the emergency role and the relationship, then shows the choice', async () => {
      const user = userEvent.setup();
      const { requests } = renderForm();
      const relationship = screen.getByRole('combobox', { name: 'Relationship to you' });
      expect(relationship).toHaveValue('');
      expect([...(relationship as HTMLSelectElement).options].map((o) => o.text)).toEqual([
        'Not given',
        'Spouse',
        'Domestic partner',
        'Parent',
        'Child',
        'Sibling',
        'Other family member',
        'Friend',
        'Neighbor',
      ]);
      const contact = screen.getByRole('group', { name: 'Contact name' });
      await user.type(within(contact).getByRole('textbox', { name: 'Given names' }), 'Marge');
      await user.type(within(contact).getByRole('textbox', { name: 'Family name' }), 'Simpson');
      await user.selectOptions(relationship, 'Spouse');
      await user.type(screen.getByLabelText('Contact phone'), '555-0100');
      await user.click(screen.getByRole('button', { name: 'Save' }));

      await screen.findByText('Profile edited');
      const put = requests.find((r) => r.method === 'PUT');
      expect((put?.body as Patient).contact).toEqual([
        {
          relationship: [
            { coding: [{ system: V2, code: 'C', display: 'Emergency Contact' }] },
            { coding: [{ system: ROLE, code: 'SPS', display: 'spouse' }], text: 'Spouse' },
          ],
          name: { given: ['Marge'], family: 'Simpson' },
          telecom: [{ system: 'phone', value: '555-0100' }],
        },
      ]);
      expect(screen.getByRole('combobox', { name: 'Relationship to you' })).toHaveDisplayValue('Spouse');
    });
  });

  it('shows the relationship a stored contact has, including one the list does not offer', () => {
    const patient: Patient = {
      ...HOMER,
      contact: [
        {
          relationship: [
            { coding: [{ system: V2, code: 'C' }] },
            { coding: [{ system: ROLE, code: 'GRMTH', display: 'grandmother' }] },
          ],
          name: { given: ['Abe'] },
        },
      ],
    };
    renderForm(patient);
    expect(screen.getByRole('combobox', { name: 'Relationship to you' })).toHaveDisplayValue('grandmother');
  });

  it('replaces the old relationship, keeps what the form does not show, and leaves other contacts alone', () => {
    const employer = { relationship: [{ coding: [{ system: V2, code: 'E' }] }], name: { family: 'Burns' } };
    const patient: Patient = {
      ...HOMER,
      contact: [
        employer,
        {
          relationship: [
            { coding: [{ system: V2, code: 'C' }] },
            { coding: [{ system: ROLE, code: 'FRND' }] },
            { text: 'Has a key to the house' },
          ],
          name: { given: ['Lenny'] },
          gender: 'male',
          telecom: [
            { system: 'phone', value: '555-0199' },
            { system: 'email', value: 'lenny@example.com' },
          ],
        },
      ],
    };
    const draft = draftOf(patient);
    expect(draft.contactRelationship).toBe('FRND');
    expect(applyDraft(patient, { ...draft, contactRelationship: 'SIB' }).contact).toEqual([
      {
        relationship: [
          { coding: [{ system: V2, code: 'C', display: 'Emergency Contact' }] },
          { coding: [{ system: ROLE, code: 'SIB', display: 'sibling' }], text: 'Sibling' },
          { text: 'Has a key to the house' },
        ],
        name: { given: ['Lenny'] },
        gender: 'male',
        telecom: [
          { system: 'phone', value: '555-0199' },
          { system: 'email', value: 'lenny@example.com' },
        ],
      },
      employer,
    ]);
  });

  it('saves a contact whose only detail is the relationship, and none when nothing is given', () => {
    const draft = draftOf(HOMER);
    expect(applyDraft(HOMER, draft).contact).toBeUndefined();
    expect(applyDraft(HOMER, { ...draft, contactRelationship: 'PRN' }).contact).toEqual([
      {
        relationship: [
          { coding: [{ system: V2, code: 'C', display: 'Emergency Contact' }] },
          { coding: [{ system: ROLE, code: 'PRN', display: 'parent' }], text: 'Parent' },
        ],
      },
    ]);
  });
});

describe('validateProfile', () => {
  it('asks for a first and a last name, blanks counting as empty', () => {
    const draft = draftOf(HOMER);
    expect(validateProfile(draft)).toEqual({});
    expect(validateProfile({ ...draft, firstName: '  ', lastName: '' })).toEqual({
      firstName: 'Enter your first name',
      lastName: 'Enter your last name',
    });
  });

  it('round-trips a name with no middle names', () => {
    const patient: Patient = { resourceType: 'Patient', name: [{ given: ['Marge'], family: 'Simpson' }] };
    expect(applyDraft(patient, draftOf(patient)).name).toEqual([{ given: ['Marge'], family: 'Simpson' }]);
  });
});
