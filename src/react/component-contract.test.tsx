// The contract every exported component keeps (DESIGN.md "Conventions", issue 21 section 1): its
// ref, the HTML attributes it does not use itself, `className` (added after its fpk-* class) and
// `dir` land on its root element, when it first renders and once it has settled. The components
// are enumerated from the public entries, so a new one fails here until it has a fixture in
// component-contract.fixtures.tsx. The server render is component-contract.server.test.tsx.
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import {
  exportedComponents,
  FIXTURES,
  NOT_CONTRACT_COMPONENTS,
  type ComponentFixture,
  type ContractProps,
} from './component-contract.fixtures';
import { FhirProvider } from './FhirProvider';
import { createTestClient, fhirJson } from './test-utils';

const components = [...exportedComponents().keys()].filter((name) => !NOT_CONTRACT_COMPONENTS.has(name));

const notFound = () =>
  fhirJson({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'not-found' }] }, 404);

function renderCase(fixture: ComponentFixture) {
  const { client } = createTestClient(fixture.respond ?? notFound);
  const refs: (Element | null)[] = [];
  const props: ContractProps = {
    ref: (element) => {
      refs.push(element);
    },
    id: 'root-under-test',
    'data-testid': 'root',
    'aria-describedby': 'outside-hint',
    className: 'mine',
    dir: 'rtl',
  };
  const wrapper = ({ children }: { children?: ReactNode }) => (
    <FhirProvider client={client}>{fixture.wrap ? fixture.wrap(children) : children}</FhirProvider>
  );
  const { container } = render(fixture.render(props), { wrapper });
  const root = () => (fixture.root ? fixture.root.find(document) : container.firstElementChild);
  return { root, ref: () => refs.at(-1) };
}

/** `rootClass`: the class the settled root keeps; while loading a root may carry a state's class instead. */
function expectContract({ root, ref }: ReturnType<typeof renderCase>, rootClass?: string) {
  const element = root();
  expect(element, 'the root element').toBeInstanceOf(Element);
  expect(ref(), 'ref is the root element').toBe(element);
  expect(element).toHaveAttribute('id', 'root-under-test');
  expect(element).toHaveAttribute('data-testid', 'root');
  // An id list: a component may describe its root by its own parts too, but keeps the caller's.
  expect(element?.getAttribute('aria-describedby')?.split(/\s+/)).toContain('outside-hint');
  expect(element).toHaveAttribute('dir', 'rtl');
  // The one classNames rule: the caller's class is added after the default fpk-* class.
  const classes = [...(element?.classList ?? [])];
  expect(classes.at(-1)).toBe('mine');
  expect(
    classes.slice(0, -1).some((name) => name.startsWith('fpk-')),
    classes.join(' ')
  ).toBe(true);
  if (rootClass) expect(element).toHaveClass(rootClass);
}

describe('every exported component', () => {
  it('is found in the public entries (the enumeration itself works)', () => {
    expect(components).toEqual(
      expect.arrayContaining(['StatusBadge', 'QuestionnaireForm', 'medplum-compat/Scheduler'])
    );
    expect(components).not.toContain('useResource');
    expect(components).not.toContain('FhirClient');
  });

  it('has a fixture, so a new component cannot skip the contract', () => {
    expect(components.filter((name) => !(name in FIXTURES))).toEqual([]);
  });

  it('has no fixture left over for a component no longer exported', () => {
    expect(Object.keys(FIXTURES).filter((name) => !components.includes(name))).toEqual([]);
  });
});

describe('ref, rest props, className and dir land on the root element', () => {
  for (const name of components) {
    const fixture = FIXTURES[name];
    if (!fixture) continue; // reported by 'has a fixture' above
    const title = fixture.root ? `${name} (root: ${fixture.root.why})` : name;
    it(title, async () => {
      const view = renderCase(fixture);
      expectContract(view);
      if (fixture.settled) await fixture.settled(screen);
      // Let pending requests and on-demand chunks arrive: the contract holds in every state.
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      expectContract(view, fixture.rootClass);
    });
  }
});
