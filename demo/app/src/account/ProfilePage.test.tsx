import { render, screen } from '@testing-library/react';
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
