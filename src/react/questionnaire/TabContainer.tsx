import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { QuestionnaireItemState } from '../../questionnaire';
import { itemId, useQuestionnaireFormContext } from './context';
import { useQuestionnaireCn } from './questionnaireClassContext';
import { ItemText } from './ItemText';
import { useQuestionnaireItem } from './useQuestionnaireItem';

/**
 * A tab-container group: its child groups as WAI-ARIA tabs (arrow keys move between tabs). The
 * panels' content comes from `renderPanel`, so this does not import the item view it sits in.
 */
export function TabContainer({
  state,
  renderPanel,
}: {
  state: QuestionnaireItemState;
  renderPanel: (itemKey: string) => ReactNode;
}) {
  const { idPrefix } = useQuestionnaireFormContext();
  const cn = useQuestionnaireCn();
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
    <div className={cn('questionnaire-tabs')}>
      <div role="tablist" className={cn('questionnaire-tablist')} onKeyDown={onKeyDown}>
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
          className={cn('questionnaire-tabpanel')}
        >
          {renderPanel(key)}
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
  const cn = useQuestionnaireCn();
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
      className={cn('questionnaire-tab')}
      onClick={props.onSelect}
    >
      <ItemText state={state} />
    </button>
  );
}
