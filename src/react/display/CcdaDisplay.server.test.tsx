// @vitest-environment node
// A server has no DOMParser: CcdaDisplay renders its frame there instead of throwing
// 'DOMParser is not defined', and the browser reads the document after hydration.
import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import { CcdaDisplay } from './CcdaDisplay';

const ccd = `<ClinicalDocument xmlns="urn:hl7-org:v3"><title>Continuity of Care Document</title></ClinicalDocument>`;

it('renders on a server, busy, without reading the document', () => {
  expect(typeof DOMParser).toBe('undefined');
  const html = renderToString(<CcdaDisplay xml={ccd} />);
  expect(html).toContain('aria-busy="true"');
  expect(html).toContain('<article');
  expect(html).not.toContain('Continuity of Care Document');
});
