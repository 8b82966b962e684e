// The search parameters the server indexes and searches: the library's table
// (src/fhir/search-parameters.ts), the one the client parses and matches with, plus the
// parameters of the account records, resource types only this server stores. One table, so a
// parameter the portal can parse is one the server can search.
import {
  getKnownSearchResourceTypes,
  getSearchParameterCodes,
  getSearchParameterDetails,
  type SearchParameterDetails,
} from '../../../src/fhir/search-parameters';

export type { SearchParameterDetails };

/** A parameter with its code, as the index writer and the SQL builder use it. */
export interface IndexedParameter {
  code: string;
  details: SearchParameterDetails;
}

const reference = (path: string, target?: string): SearchParameterDetails => ({
  type: 'reference',
  paths: [path],
  ...(target ? { targets: [target] } : {}),
});
const token = (path: string): SearchParameterDetails => ({ type: 'token', paths: [path] });

/** The account records' parameters (their fields are free-form JSON the login protocol writes). */
const ACCOUNT_RECORDS: Record<string, Record<string, SearchParameterDetails>> = {
  User: { email: token('email') },
  Login: {
    code: token('code'),
    user: reference('user', 'User'),
    membership: reference('membership', 'ProjectMembership'),
  },
  ProjectMembership: {
    user: reference('user', 'User'),
    profile: reference('profile'),
    project: reference('project', 'Project'),
  },
  Project: { name: { type: 'string', paths: ['name'] }, owner: reference('owner', 'User') },
  ClientApplication: {},
  SubscriptionBinding: { token: token('token'), subscription: reference('subscription', 'Subscription') },
  SmartLaunch: { token: token('token') },
};

/** The parameter the account records add, for the library parser's `parameters` option. */
export function accountRecordParameter(type: string, code: string): SearchParameterDetails | undefined {
  const table = Object.hasOwn(ACCOUNT_RECORDS, type) ? ACCOUNT_RECORDS[type] : undefined;
  return table && Object.hasOwn(table, code) ? table[code] : undefined;
}

/** A parameter of a type: the library's table first, then the account records'. */
export function searchParameter(type: string, code: string): SearchParameterDetails | undefined {
  return getSearchParameterDetails(type, code) ?? accountRecordParameter(type, code);
}

/**
 * Parameters whose values live on the resources row itself (id, last_updated) or that the
 * server cannot index (composite, special): never written to search_index.
 */
const ROW_PARAMETERS = new Set(['_id', '_lastUpdated']);

const indexedByType = new Map<string, IndexedParameter[]>();

/** The parameters of a type the index writer extracts, cached per type. */
export function indexedParameters(type: string): IndexedParameter[] {
  let list = indexedByType.get(type);
  if (list) return list;
  const codes = Object.hasOwn(ACCOUNT_RECORDS, type)
    ? Object.keys(ACCOUNT_RECORDS[type])
    : getSearchParameterCodes(type);
  list = codes
    .filter((code) => !ROW_PARAMETERS.has(code))
    .map((code) => ({ code, details: searchParameter(type, code)! }))
    .filter(({ details }) => details.type !== 'composite' && details.type !== 'special');
  indexedByType.set(type, list);
  return list;
}

/** Types with parameters beyond the common ones (for the CapabilityStatement). */
export function typesWithSearchParameters(): string[] {
  return [...getKnownSearchResourceTypes(), ...Object.keys(ACCOUNT_RECORDS)];
}
