import { Fragment, type ReactNode } from 'react';
import type { QuestionnaireItemState } from '../../questionnaire';
import { onDemand, useOnDemand } from '../primitives/onDemand';

/** The tabs of a tab-container group, a chunk of their own: few questionnaires use them. */
export const tabsChunk = /* @__PURE__ */ onDemand(() => import('./TabContainer'), 'the questionnaire tabs');

/**
 * A tab-container group. Until its tabs have loaded, and if they cannot be, its child groups show
 * one after another as in any group, so every item can be seen and answered meanwhile.
 */
export function LazyTabContainer(props: {
  state: QuestionnaireItemState;
  renderPanel: (itemKey: string) => ReactNode;
}) {
  const { module } = useOnDemand(tabsChunk);
  if (module) return <module.TabContainer {...props} />;
  return props.state.childKeys.map((key) => <Fragment key={key}>{props.renderPanel(key)}</Fragment>);
}
