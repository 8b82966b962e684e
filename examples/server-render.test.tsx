// @vitest-environment node
// The README's server render, run where it runs: Node, no DOM. Every hook the form uses must have a
// server snapshot, or React throws 'Missing getServerSnapshot' and the page does not render.
import { expect, it } from 'vitest';
import { renderIntakePage } from './server-render';

it('renders the questionnaire page to HTML on a server', () => {
  const html = renderIntakePage();
  expect(html).toContain('Before your visit');
  expect(html).toContain('Reason for the visit');
  expect(html).toContain('Any allergies?');
});
