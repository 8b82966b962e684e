'use client';
// `fhir-portal-kit/medplum-compat`: everything of `fhir-portal-kit/react` and the FHIR types, with
// the few names whose shape differs from @medplum/react, @medplum/react-hooks and
// @medplum/fhirtypes given in Medplum's shape, so code written for Medplum compiles with only its
// imports changed (README, "Migrating from Medplum"). The names declared here win over the
// `export *` below (a module's own exports shadow re-exported ones). New code should prefer the
// main entry's object-returning hooks.
import { createElement, forwardRef, type ReactNode } from 'react';
import type { FhirClient } from '../../client';
import type { OperationOutcome, Reference, Resource, ResourceType } from '../../fhir';
import { FhirProvider, useFhirClient } from '../FhirProvider';
import {
  useProfile,
  useResource as useResourceValue,
  useSearch as useSearchObject,
  useSearchOne as useSearchOneObject,
  useSearchResources as useSearchResourcesObject,
  type SearchOptions,
  type SearchQuery,
  type SearchResult,
} from '../hooks';
import { Scheduler as PortalScheduler, type SchedulerProps as PortalSchedulerProps } from '../scheduler';
import type { BookableSlot } from '../../scheduler';
import type { Reference as R4Reference } from 'fhir/r4';

export * from '../index';
export type * from 'fhir/r4';

// The main entry's generic Reference<T>, named here so it wins over fhir/r4's plain one above.
export type { Reference } from '../../fhir';

/** Props of {@link MedplumProvider}: the client under Medplum's prop name. */
export interface MedplumProviderProps {
  readonly medplum: FhirClient;
  readonly children?: ReactNode;
}

/** `FhirProvider` under Medplum's name and prop (`medplum`). */
export function MedplumProvider({ medplum, children }: MedplumProviderProps): ReactNode {
  return createElement(FhirProvider, { client: medplum }, children);
}

/** `useFhirClient` under Medplum's name. */
export const useMedplum: () => FhirClient = useFhirClient;

/** `useProfile` under Medplum's name. */
export const useMedplumProfile = useProfile;

/** Reads a resource (or shows one given) and follows the cache; infers the type from `Reference<T>`. */
export function useResource<T extends Resource = Resource>(
  value: Reference<T> | T | string | undefined
): T | undefined {
  return useResourceValue<T>(value as T | R4Reference | string | undefined);
}

/** What Medplum's search hooks return: `[result, loading, outcome]`. */
export type SearchTuple<T> = [result: T | undefined, loading: boolean, outcome: OperationOutcome | undefined];

function tuple<T>({ data, loading, error }: SearchResult<T>): SearchTuple<T> {
  return [data, loading, error?.outcome];
}

/** `useSearch` in Medplum's tuple form: `const [bundle, loading, outcome] = useSearch('Patient', query)`. */
export function useSearch<K extends ResourceType>(type: K, query?: SearchQuery, options?: SearchOptions) {
  return tuple(useSearchObject(type, query, options));
}

/** `useSearchOne` in Medplum's tuple form: `[resource, loading, outcome]`. */
export function useSearchOne<K extends ResourceType>(type: K, query?: SearchQuery, options?: SearchOptions) {
  return tuple(useSearchOneObject(type, query, options));
}

/** `useSearchResources` in Medplum's tuple form: `[resources, loading, outcome]`. */
export function useSearchResources<K extends ResourceType>(type: K, query?: SearchQuery, options?: SearchOptions) {
  return tuple(useSearchResourcesObject(type, query, options));
}

/** Props of the compatible {@link Scheduler}: the kit's, plus `onSelectSlot`. */
export interface SchedulerProps extends PortalSchedulerProps {
  /** Called when the patient picks a time; the same as `onSlotChosen`, which is called first. */
  readonly onSelectSlot?: (slot: BookableSlot) => void;
}

/** The kit's `Scheduler`, also taking `onSelectSlot` as a second name for `onSlotChosen`. */
export const Scheduler = /* @__PURE__ */ forwardRef<HTMLElement, SchedulerProps>(function Scheduler(
  { onSelectSlot, onSlotChosen, ...props },
  ref
) {
  const chosen =
    onSelectSlot || onSlotChosen
      ? (slot: BookableSlot) => {
          onSlotChosen?.(slot);
          onSelectSlot?.(slot);
        }
      : undefined;
  return createElement(PortalScheduler, { ...props, ref, onSlotChosen: chosen });
});
