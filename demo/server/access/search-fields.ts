// A search must not tell a hidden field's value by what it matches, orders or includes. A
// parameter reads the paths of its definition; it is refused when one of them is a hidden field,
// a parent of one (`address` holds a hidden `address.city`) or a child of one. So are a sort
// key, an _include (the references it follows are the source's field) and a _revinclude (the
// other type's field points here). REST, POST _search, If-None-Exist, conditional PUT, Bundle
// entries and Subscription criteria all come through here with the masks of the decision.
import { getSearchParameterDetails } from '../../../src/fhir/search-parameters';
import type { RequestAuth } from '../core/request-auth';
import { forbidden } from '../core/errors';
import type { SearchRequest } from '../search/request';
import { decideAccess } from './decide';
import type { FieldMask } from './field-mask';

/** Paths of the parameters without a definition entry of their own. */
const BUILT_IN_PATHS: Readonly<Record<string, readonly string[]>> = {
  _id: ['id'],
  _lastUpdated: ['meta.lastUpdated'],
};

function pathsOf(type: string, code: string, given?: readonly string[]): readonly string[] {
  return given ?? getSearchParameterDetails(type, code)?.paths ?? BUILT_IN_PATHS[code] ?? [];
}

/** The first code whose parameter reads a hidden field of the type, else undefined. */
export function hiddenSearchCode(mask: FieldMask, type: string, codes: Iterable<string>): string | undefined {
  if (!mask.hidden.length) return undefined;
  for (const code of codes) {
    if (pathsOf(type, code).some((path) => mask.readsHidden(path))) return code;
  }
  return undefined;
}

function refuse(type: string, code: string): never {
  throw forbidden(`Forbidden: ${type} cannot be searched by ${code}`);
}

/** Throws 403 when the search reads a hidden field (see above); the caller's type-level masks decide. */
export function assertSearchShowsFields(caller: RequestAuth | undefined, req: SearchRequest): void {
  if (!caller?.accessPolicy) return;
  const type = req.resourceType;
  const decision = decideAccess(caller, 'search', type);
  if (!decision.allow) throw decision.outcome;
  const mask = decision.mask;
  if (mask.hidden.length) {
    for (const { code, details } of [...req.filters, ...req.sort]) {
      if (pathsOf(type, code, details?.paths).some((path) => mask.readsHidden(path))) refuse(type, code);
    }
    for (const spec of req.include) {
      if (pathsOf(type, spec.code).some((path) => mask.readsHidden(path))) refuse(type, `_include=${spec.code}`);
    }
  }
  for (const spec of req.revinclude) {
    const source = decideAccess(caller, 'search', spec.sourceType);
    // A type the caller may not search adds nothing, so its fields tell nothing.
    if (!source.allow) continue;
    if (pathsOf(spec.sourceType, spec.code).some((path) => source.mask.readsHidden(path))) {
      refuse(type, `_revinclude=${spec.sourceType}:${spec.code}`);
    }
  }
}
