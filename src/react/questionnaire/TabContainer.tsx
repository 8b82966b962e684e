import { useRef, useState, type KeyboardEvent } from 'react';
import type { QuestionnaireItemState } from '../../questionnaire';
import { itemId, useQuestionnaireFormContext } from './context';
import { QuestionnaireItemView, ItemText } from './QuestionnaireItemView';
import { useQuestionnaireItem } from './useQuestionnaireItem';

/** A tab-container group: its child groups as WAI-ARIA tabs (arrow keys move between tabs). */
export function TabContainer({ state, level }: { state: QuestionnaireItemState; level: number }) {
  const { idPrefix } = useQuestionnaireFormContext();
  const [active, setActive] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const keys = state.childKeys;
  const selected = Math.min(active, keys.length - 1);

  const onKeyDown = (event: KeyboardEvent) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const jump = event.key === 'Home' ? 0 : event.key === 'End' ? keys.length - 1 : undefined;
    if (!delta && jump === undefined) return;
    event.preventDefault();
    const next = jump ?? (selected + delta + keys.length) % keys.length;
    setActive(next);
    tabs.current[next]?.focus();
  };

  return (
    <div className="fpk-questionnaire-tabs">
      <div role="tablist" className="fpk-questionnaire-tablist" onKeyDown={onKeyDown}>
        {keys.map((key, index) => (
          <Tab
            key={key}
            itemKey={key}
            selected={index === selected}
            tabId={itemId(idPrefix, key, 'tab')}
            panelId={itemId(idPrefix, key, 'panel')}
            onSelect={() => setActive(index)}
            buttonRef={(el) => {
              tabs.current[index] = el;
            }}
          />
        ))}
      </div>
      {keys.map((key, index) => (
        <div
          key={key}
          role="tabpanel"
          id={itemId(idPrefix, key, 'panel')}
          aria-labelledby={itemId(idPrefix, key, 'tab')}
          hidden={index !== selected}
          className="fpk-questionnaire-tabpanel"
        >
          <QuestionnaireItemView itemKey={key} level={level} />
        </div>
      ))}
    </div>
  );
}

function Tab(props: {
  itemKey: string;
  selected: boolean;
  tabId: string;
  panelId: string;
  onSelect: () => void;
  buttonRef: (el: HTMLButtonElement | null) => void;
}) {
  const { store } = useQuestionnaireFormContext();
  const state = useQuestionnaireItem(store, props.itemKey);
  if (!state) return null;
  return (
    <button
      ref={props.buttonRef}
      type="button"
      role="tab"
      id={props.tabId}
      aria-selected={props.selected}
      aria-controls={props.panelId}
      tabIndex={props.selected ? 0 : -1}
      data-state={props.selected ? 'active' : 'inactive'}
      data-disabled={!state.visible || undefined}
      className="fpk-questionnaire-tab"
      onClick={props.onSelect}
    >
      <ItemText state={state} />
    </button>
  );
}
