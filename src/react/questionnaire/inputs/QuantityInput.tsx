import { useEffect, useRef } from 'react';
import type { Coding, Quantity } from '../../../fhir';
import { itemId, useQuestionnaireFormContext } from '../context';
import { useQuestionnaireCn } from '../questionnaireClassContext';
import type { InputProps } from './types';

const UCUM = 'http://unitsofmeasure.org';

/** A number with its unit: a unit choice when the item offers several, the fixed unit otherwise. */
export function QuantityInput({ state, inputId, describedBy, invalid, onTouched }: InputProps) {
  const { store, messages, idPrefix, formId } = useQuestionnaireFormContext();
  const cn = useQuestionnaireCn();
  const ref = useRef<HTMLInputElement>(null);
  const quantity: Quantity | undefined = state.answers[0]?.valueQuantity;
  const units: Coding[] = state.constraints.unitOptions?.length
    ? state.constraints.unitOptions
    : state.constraints.unit
      ? [state.constraints.unit]
      : [];
  const unitKey = (c: Coding) => `${c.system ?? ''}|${c.code ?? c.display ?? ''}`;
  const current =
    units.find((u) => u.code === quantity?.code && (u.system ?? UCUM) === (quantity?.system ?? UCUM)) ?? units[0];

  // The mouse wheel must not change a focused quantity; React's onWheel
  // is passive, so the listener is added natively.
  useEffect(() => {
    const input = ref.current;
    if (!input) return;
    const stop = (event: WheelEvent) => {
      if (document.activeElement === input) event.preventDefault();
    };
    input.addEventListener('wheel', stop, { passive: false });
    return () => input.removeEventListener('wheel', stop);
  }, []);

  const write = (value: string, unit: Coding | undefined) => {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n)) {
      store.setAnswer(state.key, undefined);
      return;
    }
    store.setAnswer(state.key, {
      valueQuantity: {
        value: n,
        ...(unit ? { unit: unit.display ?? unit.code, system: unit.system ?? UCUM, code: unit.code } : {}),
      },
    });
  };

  return (
    <div className={cn('questionnaire-quantity')}>
      <input
        ref={ref}
        id={inputId}
        form={formId}
        className={cn('input')}
        type="number"
        step="any"
        inputMode="decimal"
        value={quantity?.value ?? ''}
        readOnly={state.readOnly}
        required={state.required}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        onBlur={onTouched}
        onChange={(e) => write(e.target.value, current)}
      />
      {units.length > 1 ? (
        <select
          className={cn('select')}
          form={formId}
          aria-label={messages.unit}
          id={itemId(idPrefix, state.key, 'unit')}
          value={current ? unitKey(current) : ''}
          disabled={state.readOnly}
          onChange={(e) => {
            const unit = units.find((u) => unitKey(u) === e.target.value);
            if (quantity?.value !== undefined) write(String(quantity.value), unit);
          }}
        >
          {units.map((u) => (
            <option key={unitKey(u)} value={unitKey(u)}>
              {u.display ?? u.code}
            </option>
          ))}
        </select>
      ) : (
        current && <span className={cn('questionnaire-unit')}>{current.display ?? current.code}</span>
      )}
    </div>
  );
}
