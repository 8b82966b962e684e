// `npm run docs`: the one docs site, in docs-dist/:
//   index.html   the landing page: what the package is, and links to the three parts below
//   storybook/   every component in every state (autodocs with controls) and the guides (MDX pages
//                under "Docs/" in stories/docs/)
//   api/         the API reference (typedoc, typedoc.json)
// The landing page lists the guides from Storybook's own index, so a new MDX page in
// stories/docs/ appears on it without an edit here. scripts/check-docs-site.mjs checks the result.
import { execSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SITE = 'docs-dist';
const started = Date.now();
const sh = (cmd) => execSync(cmd, { stdio: 'inherit' });
const seconds = (t0) => `${((Date.now() - t0) / 1000).toFixed(0)} s`;

rmSync(SITE, { recursive: true, force: true });
let t0 = Date.now();
sh(`npx storybook build --quiet -o ${SITE}/storybook`);
console.log(`docs: Storybook built in ${seconds(t0)}`);
t0 = Date.now();
sh('npx typedoc');
console.log(`docs: API reference built in ${seconds(t0)}`);

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const { entries } = JSON.parse(readFileSync(join(SITE, 'storybook/index.json'), 'utf8'));
// One docs entry per MDX guide ("Docs/Getting started"); the component docs pages are autodocs.
const guides = Object.values(entries).filter((e) => e.type === 'docs' && e.title.startsWith('Docs/'));
// Getting started first; the others in Storybook's order.
guides.sort((a, b) => Number(b.title === 'Docs/Getting started') - Number(a.title === 'Docs/Getting started'));
if (guides.length === 0) throw new Error('docs: Storybook has no guide pages (stories/docs/*.mdx)');
const components = Object.values(entries).filter((e) => e.type === 'docs' && !e.title.startsWith('Docs/'));
const escape = (text) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const storyLink = (entry) => `storybook/?path=/docs/${encodeURIComponent(entry.id)}`;

writeFileSync(
  join(SITE, 'index.html'),
  `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(pkg.name)} documentation</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
  body { margin: 0 auto; max-width: 46rem; padding: 2rem 1rem; }
  h1 { font-size: 2rem; margin: 0 0 0.5rem; }
  h2 { font-size: 1.25rem; margin-top: 2rem; }
  a { color: #0f766e; }
  @media (prefers-color-scheme: dark) { a { color: #5eead4; } }
  ul { padding-left: 1.25rem; }
  li { margin: 0.25rem 0; }
  code { font-size: 0.95em; overflow-wrap: anywhere; }
</style>
</head>
<body>
<main>
<h1>${escape(pkg.name)}</h1>
<p>${escape(pkg.description)}</p>
<p>Version ${escape(pkg.version)}. Install with <code>npm install ${escape(pkg.name)} react react-dom</code>.</p>
<h2>Guides</h2>
<ul>
${guides.map((g) => `  <li><a href="${storyLink(g)}">${escape(g.title.replace(/^Docs\//, ''))}</a></li>`).join('\n')}
</ul>
<h2>Components</h2>
<p><a href="storybook/index.html">Storybook</a>: ${components.length} components in every state, each with a docs page, its props and live controls.</p>
<h2>API reference</h2>
<p><a href="api/index.html">Every export</a> of <code>${escape(pkg.name)}</code>, <code>${escape(pkg.name)}/react</code> and <code>${escape(pkg.name)}/medplum-compat</code>, from the TSDoc in the source.</p>
<h2>Source</h2>
<p><a href="${escape(pkg.homepage)}">README and source</a>, <a href="${escape(pkg.bugs.url)}">issues</a>.</p>
</main>
</body>
</html>
`
);
console.log(
  `docs: ${SITE}/ built in ${seconds(started)}: index.html (${guides.length} guides), storybook/ (${components.length} component pages), api/`
);
