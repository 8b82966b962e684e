// The AccessPolicy of a project member, brought to every FHIR request (client-layer.md section
// 6, with the library's matcher): the member's policy is loaded onto the request's caller, and
// the type and interaction are decided (access/decide.ts) before the handler runs. What the
// handler reads is decided again row by row in the repository, which masks hidden fields and
// refuses searches by them, so there is nothing left to filter afterwards. Writes are checked
// on the stored resource inside the repository's transaction (access/policy.ts), which also puts
// back hidden fields and keeps read-only fields as they were. Bundle entries are dispatched
// through the router, so each entry passes this gate on its own.
import { forbidden } from '../core/errors';
import type { Middleware } from '../http/router';
import { decideAccess } from './decide';
import type { FieldMask } from './field-mask';
import { fhirInteraction, isPolicyFree } from './interaction';
import { sharedPolicyLoader, type PolicyContext } from './member-policy';

/** The router middleware; `router.use(accessPolicyGate(ctx))`. */
export function accessPolicyGate(ctx: PolicyContext): Middleware {
  const loadPolicy = sharedPolicyLoader(ctx);
  return async (req, next) => {
    if (!req.auth || !req.path.startsWith('/fhir/R4')) return next(req);
    // A Bundle's entries carry the auth of the Bundle's request, policy already attached.
    if (!('accessPolicy' in req.auth)) req.auth = { ...req.auth, accessPolicy: await loadPolicy(req.auth) };
    if (!req.auth.accessPolicy) return next(req);
    const target = fhirInteraction(req.method, req.path);
    if (!target) {
      // Fail closed: what cannot be classified is not let through unchecked.
      if (isPolicyFree(req.method, req.path)) return next(req);
      throw forbidden(`Forbidden: the access policy does not cover ${req.method} ${req.path.slice(0, 200)}`);
    }
    let mask: FieldMask | undefined;
    for (const type of target.types) {
      const decision = decideAccess(req.auth, target.interaction, type);
      if (!decision.allow) throw decision.outcome;
      mask ??= decision.mask;
    }
    if (target.interaction === 'patch') assertPatchTouchesShownFields(mask!, target.types[0]!, req.body);
    return next(req);
  };
}

/** The dotted field path of a JSON Pointer: `~1` and `~0` decoded, array indexes and `-` left out. */
function fieldOf(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .filter((part) => !/^(\d+|-)$/.test(part))
    .join('.');
}

/**
 * A JSON Patch may not read a hidden field: `test` compares the value at its path, `copy` and
 * `move` read the value at `from`, so those paths are refused when they are a hidden field, a
 * parent of one (the root included) or a child of one. Any op's target path may not be a hidden
 * field or inside one. The patch also runs on the masked resource (the repository's read), so
 * a path this misses finds nothing hidden there.
 */
function assertPatchTouchesShownFields(mask: FieldMask, type: string, body: unknown): void {
  if (!Array.isArray(body) || !mask.hidden.length) return;
  for (const op of body as { op?: unknown; path?: unknown; from?: unknown }[]) {
    const refuse = (pointer: string) => {
      throw forbidden(`Forbidden: ${type}.${fieldOf(pointer) || '(root)'} is not accessible`);
    };
    if (typeof op?.path === 'string') {
      const field = fieldOf(op.path);
      if (op.op === 'test' ? mask.readsHidden(field) : mask.writesHidden(field)) refuse(op.path);
    }
    if (typeof op?.from === 'string' && mask.readsHidden(fieldOf(op.from))) refuse(op.from);
  }
}
