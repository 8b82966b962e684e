// @vitest-environment node
// The component contract on a server (issue 21 section 1): every exported component renders under
// renderToString in Node, with no DOM, and its first element carries the caller's attributes, so
// the hydrated page starts from the same root. The DOM half is component-contract.test.tsx.
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  exportedComponents,
  FIXTURES,
  NOT_CONTRACT_COMPONENTS,
  type ContractProps,
} from './component-contract.fixtures';
import { FhirProvider } from './FhirProvider';
import { createTestClient, fhirJson } from './test-utils';

const components = [...exportedComponents().keys()].filter((name) => !NOT_CONTRACT_COMPONENTS.has(name));

const props: ContractProps = {
  ref: () => {},
  id: 'root-under-test',
  'data-testid': 'root',
  'aria-describedby': 'outside-hint',
  className: 'mine',
  dir: 'rtl',
};

/** The first element's start tag in the HTML. */
const firstTag = (html: string) => /<[a-z][^>]*>/.exec(html)?.[0] ?? '';

describe('every exported component renders on a server', () => {
  it('runs where there is no DOM', () => {
    expect(typeof document).toBe('undefined');
    expect(typeof DOMParser).toBe('undefined');
  });

  for (const name of components) {
    const fixture = FIXTURES[name];
    if (!fixture) continue; // the DOM test fails for a component without a fixture
    it(name, () => {
      const { client } = createTestClient(() => fhirJson({}, 404));
      const ui = fixture.render(props);
      const html = renderToString(<FhirProvider client={client}>{fixture.wrap ? fixture.wrap(ui) : ui}</FhirProvider>);
      // A portalled root (Dialog) is not in the server's HTML: it mounts on the client.
      if (fixture.root) return;
      const root = firstTag(html);
      expect(root).toContain('id="root-under-test"');
      expect(root).toContain('data-testid="root"');
      expect(root).toContain('dir="rtl"');
      expect(root).toMatch(/class="fpk-[^"]* mine"/);
    });
  }
});
