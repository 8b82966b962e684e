/** A Subscription's criteria ('Communication?recipient=Patient/1') split into type and parameters. */
export interface ParsedCriteria {
  resourceType: string;
  params: URLSearchParams;
}

/** Parses a criteria string; undefined when it does not start with a resource type. */
export function parseCriteria(criteria: unknown): ParsedCriteria | undefined {
  if (typeof criteria !== 'string') return undefined;
  const trimmed = criteria.trim();
  const q = trimmed.indexOf('?');
  const resourceType = q < 0 ? trimmed : trimmed.slice(0, q);
  if (!/^[A-Z][A-Za-z]+$/.test(resourceType)) return undefined;
  return { resourceType, params: new URLSearchParams(q < 0 ? '' : trimmed.slice(q + 1)) };
}

/** The websocket address for a server base ('http://h/' → 'ws://h/ws/subscriptions-r4'). */
export function websocketUrl(baseUrl: string): string {
  const url = new URL('ws/subscriptions-r4', baseUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}
