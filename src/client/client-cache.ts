import { normalizeErrorString } from '../fhir/outcomes';
import type { Bundle, Device, Reference, Resource } from '../fhir/types';
import { parseReference } from '../fhir/references';
import { LruCache, RequestCache } from './cache';
import type { ReadablePromise } from './readable-promise';

/** Listener for cache changes: a 'Type/id' key, or undefined when anything may have changed. */
export type CacheChangeListener = (key: string | undefined) => void;

/** The fallback system device: id system, model name System. */
export const SYSTEM_DEVICE: Device = {
  resourceType: 'Device',
  id: 'system',
  deviceName: [{ type: 'model-name', name: 'System' }],
};

const isSubsetted = (resource: Resource): boolean => !!resource.meta?.tag?.some((tag) => tag.code === 'SUBSETTED');

/**
 * The client's cache part: answers of GET requests by URL (shared while in flight, kept
 * cacheTime ms) and resources by 'Type/id', kept coherent with writes, with listeners told
 * which resource changed. It never sends anything; the FhirClient facade feeds it.
 */
export class ClientCache {
  readonly #requests: RequestCache;
  readonly #resources: LruCache<Resource>;
  readonly #listeners = new Set<CacheChangeListener>();
  readonly #fhirBaseUrl: string;
  readonly #log: (message: string) => void;

  constructor(options: { cacheTime: number; size: number; fhirBaseUrl: string; log: (message: string) => void }) {
    this.#requests = new RequestCache(options.cacheTime, options.size);
    this.#resources = new LruCache(options.size);
    this.#fhirBaseUrl = options.fhirBaseUrl;
    this.#log = options.log;
  }

  /** The shared answer of a GET, while in flight or fresh. */
  getRequest<T>(href: string): ReadablePromise<T> | undefined {
    return this.#requests.get(href) as ReadablePromise<T> | undefined;
  }

  /** Stores a GET's answer under its URL. */
  setRequest(href: string, promise: ReadablePromise<unknown>): void {
    this.#requests.set(href, promise);
  }

  /** Forgets the answer of one URL (a write to it, say). */
  deleteRequest(href: string): void {
    this.#requests.delete(href);
  }

  /** A cached resource by 'Type/id', if any. */
  getResource(key: string): Resource | undefined {
    return this.#resources.get(key);
  }

  /** The cached resource a Reference points to, if any ('system' is the system device). */
  getReference<T extends Resource = Resource>(reference: Reference): T | undefined {
    if (reference?.reference === 'system') return SYSTEM_DEVICE as T;
    try {
      return this.#resources.get(parseReference(reference).join('/')) as T | undefined;
    } catch {
      // An unusable reference is simply not in the cache.
      return undefined;
    }
  }

  /** Forgets the cached answer of one URL, and its resource when it names one. */
  invalidateUrl(href: string): void {
    this.#requests.delete(href);
    const key = href.startsWith(this.#fhirBaseUrl) ? href.slice(this.#fhirBaseUrl.length) : '';
    if (/^[A-Za-z]+\/[^/?]+$/.test(key) && this.#resources.delete(key)) this.#notify(key);
    else this.#notify(undefined);
  }

  /** Forgets every cached answer and resource. */
  invalidateAll(): void {
    this.#requests.clear();
    this.#resources.clear();
    this.#notify(undefined);
  }

  /** Forgets every cached search of a resource type. */
  invalidateSearches(resourceType: string): void {
    const base = this.#fhirBaseUrl + resourceType;
    this.#requests.deleteWhere(
      (url) => url === base || url.startsWith(base + '?') || url.startsWith(base + '/_history')
    );
    this.#notify(undefined);
  }

  /** Subscribes to cache changes; answers the unsubscribe function. */
  subscribe(listener: CacheChangeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Takes in what a GET answered: the resources of a searchset, or the resource read. */
  storeResult(url: string, result: any): void {
    if (result?.resourceType === 'Bundle') {
      if (result.type === 'searchset') for (const entry of result.entry ?? []) this.#storeResource(entry.resource);
      return;
    }
    if (result?.resourceType && url === this.#fhirBaseUrl + `${result.resourceType}/${result.id}`) {
      if (isSubsetted(result)) this.#requests.delete(url);
      else this.#storeResource(result);
    }
  }

  /** Keeps the cache true after a write: the written resource replaces the old, searches of its type go. */
  afterWrite<T extends Resource>(resourceType: string, result: T | undefined, id?: string): T {
    const key = `${resourceType}/${result?.id ?? id}`;
    if (!result?.id && !id) {
      this.invalidateSearches(resourceType);
      return result as T;
    }
    this.#requests.delete(this.#fhirBaseUrl + key);
    this.#requests.deleteWhere((url) => url.startsWith(this.#fhirBaseUrl + key + '/'));
    if (this.#resources.delete(key) && !result) this.#notify(key);
    if (result?.resourceType) this.#storeResource(result);
    this.invalidateSearches(resourceType);
    return result as T;
  }

  /**
   * Keeps the cache true after a batch or transaction: each entry that wrote (POST, PUT, PATCH,
   * DELETE) is handled as that write, with the resource the server answered for it where it sent
   * one. Without this a booking (one transaction: Appointment and Slot) left every Appointment
   * search answering from before it.
   */
  afterBatch(request: Bundle, response: Bundle | undefined): void {
    (request.entry ?? []).forEach((entry, index) => {
      const method = entry.request?.method;
      if (!method || method === 'GET' || method === 'HEAD') return;
      const [resourceType, id] = (entry.request?.url ?? '').split('?')[0].split('/');
      const answered = response?.entry?.[index]?.resource;
      const type = entry.resource?.resourceType ?? resourceType;
      if (!type) return;
      const result = method !== 'DELETE' && answered?.resourceType === type ? answered : undefined;
      this.afterWrite(type, result, result?.id ?? id);
    });
  }

  #storeResource(resource: Resource | undefined): void {
    if (!resource?.id || !resource.resourceType || isSubsetted(resource)) return;
    const key = `${resource.resourceType}/${resource.id}`;
    const previous = this.#resources.get(key);
    this.#resources.set(key, resource);
    this.#requests.setValue(this.#fhirBaseUrl + key, resource);
    // Hooks re-render on notification, so an unchanged version stays quiet.
    if (
      !previous ||
      previous.meta?.versionId !== resource.meta?.versionId ||
      previous.meta?.lastUpdated !== resource.meta?.lastUpdated
    ) {
      this.#notify(key);
    }
  }

  #notify(key: string | undefined): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(key);
      } catch (error) {
        // A broken listener must not fail the read that filled the cache.
        this.#log(`Cache listener failed: ${normalizeErrorString(error)}`);
      }
    }
  }
}
