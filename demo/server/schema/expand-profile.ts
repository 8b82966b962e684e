// StructureDefinition/$expand-profile?url= (client-layer.md section 7): the profile with that
// canonical URL and the profiles its elements name (extensions, nested profiles), as a
// collection Bundle; the project's own definitions first, then the core ones.
import type { Bundle, StructureDefinition } from '../../../src/fhir/types';
import { badRequest, notFound } from '../core/errors';
import type { Repository } from '../store/repository';
import { coreDefinitionByUrl } from './core-definitions';

/** At most this many definitions in one answer. */
const MAX_DEFINITIONS = 50;

async function byUrl(repo: Repository, url: string): Promise<StructureDefinition | undefined> {
  const [own] = await repo.searchResources<StructureDefinition>('StructureDefinition', { url, _count: '1' });
  return own ?? coreDefinitionByUrl(url);
}

/** The Bundle answering $expand-profile for `url`; 404 'StructureDefinition not found' when none has it. */
export async function expandProfile(repo: Repository, url: string | null): Promise<Bundle> {
  if (!url) throw badRequest('Missing url', 'url');
  if (url.length > 1024) throw badRequest('url is longer than 1024 characters', 'url');
  const profile = await byUrl(repo, url);
  if (!profile) throw notFound('StructureDefinition not found');
  const found = new Map([[profile.url, profile]]);
  const queue = [profile];
  while (queue.length && found.size < MAX_DEFINITIONS) {
    const sd = queue.shift()!;
    const named = (sd.snapshot?.element ?? []).flatMap((e) => (e.type ?? []).flatMap((t) => t.profile ?? []));
    for (const next of new Set(named)) {
      if (found.has(next) || found.size >= MAX_DEFINITIONS) continue;
      const definition = await byUrl(repo, next);
      if (!definition) continue;
      found.set(next, definition);
      queue.push(definition);
    }
  }
  return {
    resourceType: 'Bundle',
    type: 'collection',
    entry: [...found.values()].map((resource) => ({ fullUrl: resource.url, resource })),
  };
}
