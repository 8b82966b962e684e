// A registered route's pattern made into a path an attacker could send: each ':name' segment
// filled with a value of that kind (a real id where one matters, so a leak would show data).
import type { MatchedRoute } from '../http/router';

/** Values for the patterns' ':name' segments. */
export type SampleParams = Partial<Record<'type' | 'id' | 'vid' | 'topic' | 'login', string>>;

const DEFAULTS: Required<SampleParams> = {
  type: 'Patient',
  id: 'unknown-id',
  vid: '1',
  topic: 'some-topic',
  login: '00000000-0000-4000-8000-000000000000',
};

/** The pattern with every ':name' replaced (an unknown name gets 'x'). */
export function samplePath(pattern: string, params: SampleParams = {}): string {
  const values: Record<string, string> = { ...DEFAULTS, ...params };
  return pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? (values[segment.slice(1)] ?? 'x') : segment))
    .join('/');
}

/** 'GET /fhir/R4/:type' */
export function routeName(route: MatchedRoute): string {
  return `${route.method} ${route.pattern}`;
}
