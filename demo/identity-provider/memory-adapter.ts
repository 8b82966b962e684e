// Where the demo identity provider keeps its sessions, codes, tokens and grants: memory, with
// each entry's expiry honoured and a cap on the number of entries, so a flood of sign-in
// attempts cannot grow it. The demo provider is one process and forgets everything when it
// stops, as a sign-in provider for a demo may.
import type { Adapter, AdapterPayload } from 'oidc-provider';

/** Entries kept at most, across every kind; the oldest go first. */
const MAX_ENTRIES = 10_000;

interface Entry {
  payload: AdapterPayload;
  /** Epoch ms. */
  expires: number;
}

const entries = new Map<string, Entry>();
const uids = new Map<string, string>();
const grants = new Map<string, Set<string>>();

function put(key: string, entry: Entry): void {
  entries.delete(key);
  entries.set(key, entry);
  while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
}

/** Keeps a side index within the same cap (oldest first). */
function capped<K, V>(map: Map<K, V>): void {
  while (map.size > MAX_ENTRIES) map.delete(map.keys().next().value!);
}

function get(key: string): AdapterPayload | undefined {
  const entry = entries.get(key);
  if (!entry) return undefined;
  if (entry.expires < Date.now()) {
    entries.delete(key);
    return undefined;
  }
  return entry.payload;
}

/** The adapter oidc-provider builds once per model (Session, AuthorizationCode, AccessToken…). */
export class MemoryAdapter implements Adapter {
  constructor(private readonly model: string) {}

  private key(id: string): string {
    return `${this.model}:${id}`;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const key = this.key(id);
    put(key, { payload, expires: Date.now() + expiresIn * 1000 });
    if (payload.uid) {
      uids.set(payload.uid, id);
      capped(uids);
    }
    if (payload.grantId) {
      const keys = grants.get(payload.grantId) ?? new Set<string>();
      keys.add(key);
      grants.set(payload.grantId, keys);
      capped(grants);
    }
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return get(this.key(id));
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    const id = uids.get(uid);
    return id ? get(this.key(id)) : undefined;
  }

  async findByUserCode(): Promise<undefined> {
    return undefined; // no device flow in the demo
  }

  async consume(id: string): Promise<void> {
    const payload = get(this.key(id));
    if (payload) payload.consumed = Math.floor(Date.now() / 1000);
  }

  async destroy(id: string): Promise<void> {
    const payload = get(this.key(id));
    if (payload?.uid) uids.delete(payload.uid);
    entries.delete(this.key(id));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    for (const key of grants.get(grantId) ?? []) entries.delete(key);
    grants.delete(grantId);
  }
}
