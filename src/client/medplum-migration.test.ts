// The README's "Migrating from Medplum" tables promise names; this holds the code to them.
import { readFileSync } from 'node:fs';
import * as root from '../index';
import { FhirClient } from './FhirClient';
import { ClientStorage, MemoryStorage } from './storage';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const section = readme.slice(readme.indexOf('## Migrating from Medplum\n'), readme.indexOf('## The demo'));
const rows = section
  .split('\n')
  .filter((line) => line.startsWith('| `'))
  .map((line) => line.split('|').map((cell) => cell.trim()));
const names = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
const isReactRow = (left: string) => left.includes('@medplum/react') || left.startsWith('`use');
const fromRoot = (right: string) => right.startsWith('same names, exported from the root');

const client = new FhirClient({
  baseUrl: 'https://fhir.example.com/',
  fetch: async () => new Response('{}'),
  storage: new ClientStorage(new MemoryStorage()),
});

describe("the README's migration table", () => {
  it('has the rows this test reads', () => {
    expect(rows.length).toBeGreaterThanOrEqual(15);
  });

  it('names only FhirClient members that exist under the same name', () => {
    const members = rows
      .filter(
        ([, left, right]) =>
          !isReactRow(left) && !fromRoot(right) && !left.includes('import') && !left.includes('new MedplumClient')
      )
      .flatMap(([, left]) => names(left))
      .filter((name) => !name.startsWith('new '))
      .map((name) => name.replace(/\(.*\)$/, ''));
    expect(members.length).toBeGreaterThanOrEqual(45);
    expect(members.filter((member) => (client as unknown as Record<string, unknown>)[member] === undefined)).toEqual(
      []
    );
  });

  it('names only root exports that exist', () => {
    const exported = rows.filter(([, , right]) => fromRoot(right)).flatMap(([, left]) => names(left));
    expect(exported).toEqual(['OperationOutcomeError', 'normalizeErrorString']);
    expect(exported.filter((name) => !(name in root))).toEqual([]);
  });

  it('names only constructor options FhirClientOptions has', () => {
    // `new MedplumClient(options)`: `baseUrl`, `clientId`, …: every name after the constructor.
    const keys = names(rows.find(([, left]) => left.includes('new MedplumClient'))![1]).slice(1);
    const declared = readFileSync(new URL('./options.ts', import.meta.url), 'utf8');
    expect(keys.length).toBeGreaterThanOrEqual(9);
    expect(keys.filter((key) => !new RegExp(`^  ${key}\\??:`, 'm').test(declared))).toEqual([]);
  });

  it('names only React components and hooks that exist', async () => {
    const react = await import('../react');
    // Components and hooks, not the props a cell mentions.
    const isExport = (name: string) => /^([A-Z][A-Za-z]+|use[A-Z][A-Za-z]*)$/.test(name);
    const promised = rows
      .filter(([, left]) => isReactRow(left))
      .flatMap(([, left, right]) => [...names(right), ...(right.startsWith('same') ? names(left) : [])])
      .filter(isExport);
    expect(promised.length).toBeGreaterThanOrEqual(8);
    expect(promised.filter((name) => !(name in react))).toEqual([]);
  });
});
