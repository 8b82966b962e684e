import type { ReactNode } from 'react';
import { getSafeAttachmentUrl } from '../../fhir';

// A CDA narrative block (section/text) as React elements. Only the narrative's own elements
// become HTML elements, each with no attribute from the document except a bounded colspan or
// rowspan; text stays text. So nothing in a document can add script, styles or event handlers,
// and nothing is put in the DOM as HTML.

const SAME = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'sub', 'sup', 'br']);
// Text between rows or list items is only the document's indentation, and has no place there in HTML.
const NO_TEXT = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr', 'list']);
const MAX_DEPTH = 40;
// Enough for a large CCD; beyond it the rest of the narrative is left out rather than drawn slowly.
const MAX_NODES = 20_000;

const span = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 1 && n <= 100 ? n : undefined;
};

function renderNode(node: Node, key: number, budget: { nodes: number }, depth: number): ReactNode {
  if (--budget.nodes < 0 || depth > MAX_DEPTH) return null;
  if (node.nodeType === 3 || node.nodeType === 4) return node.nodeValue;
  if (node.nodeType !== 1) return null;
  const el = node as Element;
  const name = el.localName;
  const kids = () =>
    Array.from(el.childNodes, (c, i) =>
      NO_TEXT.has(name) && c.nodeType !== 1 ? null : renderNode(c, i, budget, depth + 1)
    );
  if (name === 'table') {
    return (
      <div key={key} className="fpk-table-scroll">
        <table>{kids()}</table>
      </div>
    );
  }
  if (name === 'th' || name === 'td') {
    const Cell = name;
    return (
      <Cell key={key} colSpan={span(el.getAttribute('colspan'))} rowSpan={span(el.getAttribute('rowspan'))}>
        {kids()}
      </Cell>
    );
  }
  if (name === 'br') return <br key={key} />;
  if (SAME.has(name)) {
    const Tag = name as 'tr';
    return <Tag key={key}>{kids()}</Tag>;
  }
  if (name === 'paragraph') return <p key={key}>{kids()}</p>;
  if (name === 'list') {
    const List = el.getAttribute('listType') === 'ordered' ? 'ol' : 'ul';
    return <List key={key}>{kids()}</List>;
  }
  if (name === 'item') return <li key={key}>{kids()}</li>;
  if (name === 'content') {
    const style = el.getAttribute('styleCode') ?? '';
    if (/\bBold\b/.test(style)) return <strong key={key}>{kids()}</strong>;
    if (/\bItalics\b/.test(style)) return <em key={key}>{kids()}</em>;
    return <span key={key}>{kids()}</span>;
  }
  if (name === 'linkHtml') {
    const href = getSafeAttachmentUrl(el.getAttribute('href') ?? undefined);
    return href && /^https?:/i.test(href) ? (
      <a key={key} href={href} rel="noopener noreferrer">
        {kids()}
      </a>
    ) : (
      <span key={key}>{kids()}</span>
    );
  }
  // Pictures and anything the narrative schema does not have: the text inside, nothing more.
  if (name === 'renderMultiMedia') return null;
  return <span key={key}>{kids()}</span>;
}

/** A CDA narrative block rendered as safe HTML elements. */
export function CcdaNarrative({ text }: { text: Element }) {
  const budget = { nodes: MAX_NODES };
  return <>{Array.from(text.childNodes, (c, i) => renderNode(c, i, budget, 0))}</>;
}
