// The field mask an access decision hands back: the fields of a resource (or of a type, before a
// resource is read) that the caller's AccessPolicy hides from every answer, and those it shows
// but lets no write change. Paths are dotted element paths without the type or array indexes
// (`address.city`). Worked out on first use only, so a decision nobody masks with costs nothing.
import type { AccessPolicy } from '../../../src/fhir/access-policy';
import type { Resource } from '../../../src/fhir/types';
import { hiddenFieldPaths, readonlyFieldPaths, removeFields } from './access-policy';

/** True when a path segment names the hidden one: the same, or a choice `value[x]` of `valueString`. */
function sameSegment(path: string, hidden: string): boolean {
  if (!path.endsWith('[x]')) return path === hidden;
  const base = path.slice(0, -3);
  if (hidden === base) return true;
  const next = hidden.charCodeAt(base.length);
  return hidden.startsWith(base) && next >= 65 && next <= 90; // an upper-case letter: the type
}

/** True when one path lies on the other's line: equal, a parent, or a child (the root is everyone's parent). */
function onOneLine(path: string, hidden: string): boolean {
  if (path === '') return true;
  const a = path.split('.');
  const b = hidden.split('.');
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (!sameSegment(a[i]!, b[i]!)) return false;
  return true;
}

/** True when the path is the hidden field or inside it. */
function within(path: string, hidden: string): boolean {
  const a = path.split('.');
  const b = hidden.split('.');
  if (a.length < b.length || path === '') return false;
  return b.every((segment, i) => sameSegment(a[i]!, segment));
}

/** What one decision lets the caller see and change of a resource or type. */
export class FieldMask {
  /** Nothing hidden, nothing read-only: the system, or a caller without an AccessPolicy. */
  static readonly NONE = new FieldMask(undefined, '');

  private hiddenPaths?: readonly string[];
  private readonlyPaths?: readonly string[];

  constructor(
    private readonly policy: AccessPolicy | undefined,
    private readonly subject: Resource | string
  ) {}

  /** The hidden field paths. */
  get hidden(): readonly string[] {
    this.hiddenPaths ??= this.policy ? hiddenFieldPaths(this.policy, this.subject) : [];
    return this.hiddenPaths;
  }

  /** The field paths shown but not writable. */
  get readonly(): readonly string[] {
    this.readonlyPaths ??= this.policy ? readonlyFieldPaths(this.policy, this.subject) : [];
    return this.readonlyPaths;
  }

  /**
   * True when reading the path could tell a hidden value: it is a hidden field, a parent of one
   * (its value holds the hidden one) or a child of one. `[x]` in the path stands for any type.
   */
  readsHidden(path: string): boolean {
    return this.hidden.some((hidden) => onOneLine(path, hidden));
  }

  /** True when writing the path would set a hidden value: the hidden field itself or inside it. */
  writesHidden(path: string): boolean {
    return this.hidden.some((hidden) => within(path, hidden));
  }

  /** The resource without its hidden fields: a copy, or the same object when nothing is hidden. */
  apply<T extends object>(resource: T): T {
    return removeFields(resource as unknown as Resource, this.hidden) as unknown as T;
  }
}
