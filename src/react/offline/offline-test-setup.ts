// What the offline parts' tests share: the network as the browser reports it, and a vital to write.
import { vi } from 'vitest';
import type { Observation } from '../../fhir';

/** Sets navigator.onLine and fires the window's online/offline event, as a browser does. */
export function setBrowserOnline(online: boolean): void {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

/** A heart-rate reading, as a patient adds one. */
export const vital = (value: number): Observation => ({
  resourceType: 'Observation',
  status: 'final',
  code: { text: 'Heart rate' },
  valueQuantity: { value, unit: '/min' },
});
