import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getVitalSign, type Observation } from 'fhir-portal-kit';
import { FhirProvider, NotificationsProvider } from 'fhir-portal-kit/react';
import { describe, expect, it, vi } from 'vitest';
import { createTestClient, fhirJson } from '../../../../src/react/test-utils';
import { AddMeasurementDialog } from './AddMeasurementDialog';

async function openDialog(id: string) {
  const user = userEvent.setup();
  const { client, requests } = createTestClient((request) =>
    fhirJson({ ...(request.body as object), id: 'new', meta: {} }, 201)
  );
  const onAdded = vi.fn();
  render(
    <FhirProvider client={client}>
      <NotificationsProvider container={null} autoClose={false}>
        <AddMeasurementDialog vital={getVitalSign(id)!} patientRef="Patient/homer" onAdded={onAdded} />
      </NotificationsProvider>
    </FhirProvider>
  );
  await user.click(screen.getByRole('button', { name: 'Add Measurement' }));
  const dialog = screen.getByRole('dialog', { name: 'Add Measurement' });
  return { user, dialog, requests, onAdded };
}

describe('Add Measurement', () => {
  it('asks for blood pressure as Systolic, then Diastolic', async () => {
    const { dialog } = await openDialog('blood-pressure');
    expect(
      within(dialog)
        .getAllByRole('textbox')
        .map((input) => input.getAttribute('id'))
    ).toEqual([
      within(dialog).getByLabelText('Systolic (mmHg)').id,
      within(dialog).getByLabelText('Diastolic (mmHg)').id,
    ]);
  });

  describe('when a value is out of its plausible range or negative', () => {
    it('says why on the field, keeps what was typed and writes nothing', async () => {
      const { user, dialog, requests, onAdded } = await openDialog('blood-pressure');
      await user.type(within(dialog).getByLabelText('Systolic (mmHg)'), '1200');
      await user.type(within(dialog).getByLabelText('Diastolic (mmHg)'), '-80');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      const systolic = within(dialog).getByLabelText('Systolic (mmHg)');
      expect(systolic).toHaveAttribute('aria-invalid', 'true');
      expect(systolic).toHaveAccessibleDescription('Systolic must be between 40 and 300 mmHg');
      expect(systolic).toHaveValue('1200');
      expect(systolic).toHaveFocus();
      expect(within(dialog).getByLabelText('Diastolic (mmHg)')).toHaveAccessibleDescription(
        'Enter a positive number: a measurement cannot be negative'
      );
      expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
      expect(onAdded).not.toHaveBeenCalled();
    });

    it('refuses an impossible weight, then saves the corrected one', async () => {
      const { user, dialog, requests, onAdded } = await openDialog('weight');
      const weight = within(dialog).getByLabelText('Weight (lbs)');
      await user.type(weight, '1600');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(weight).toHaveAccessibleDescription('Weight must be between 0.5 and 1,500 lbs');
      expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

      await user.clear(weight);
      await user.type(weight, '160');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await vi.waitFor(() => expect(onAdded).toHaveBeenCalled());
      const posted = requests.find((r) => r.method === 'POST')!.body as Observation;
      expect(posted.valueQuantity?.value).toBe(160);
    });
  });

  it('saves a blood pressure typed systolic first into the right components', async () => {
    const { user, dialog, requests, onAdded } = await openDialog('blood-pressure');
    await user.type(within(dialog).getByLabelText('Systolic (mmHg)'), '121');
    await user.type(within(dialog).getByLabelText('Diastolic (mmHg)'), '79');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onAdded).toHaveBeenCalled());
    const posted = requests.find((r) => r.method === 'POST')!.body as Observation;
    const value = (code: string) =>
      posted.component?.find((c) => c.code.coding?.[0]?.code === code)?.valueQuantity?.value;
    expect(value('8480-6')).toBe(121);
    expect(value('8462-4')).toBe(79);
  });
});
