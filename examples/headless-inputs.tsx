// Headless hooks with your own markup: an edit input (useQuantityInput). Every input of the kit has
// one: the hook keeps the value (controlled through value/onValueChange, or uncontrolled) and the
// parsing; your markup decides the layout.
import type { Quantity } from 'fhir-portal-kit';
import { useQuantityInput } from 'fhir-portal-kit/react';

export function DoseInput({ value, onValueChange }: { value?: Quantity; onValueChange: (q: Quantity) => void }) {
  const dose = useQuantityInput({ value, onValueChange });
  return (
    <fieldset>
      <legend>Dose</legend>
      <label>
        Amount
        <input
          inputMode="decimal"
          value={dose.text}
          aria-invalid={dose.invalid || undefined}
          onChange={(event) => dose.setValueText(event.target.value)}
        />
      </label>
      <label>
        Unit
        <input value={dose.quantity.unit ?? ''} onChange={(event) => dose.setUnit(event.target.value)} />
      </label>
      {dose.invalid && <p role="alert">Enter a number</p>}
    </fieldset>
  );
}
