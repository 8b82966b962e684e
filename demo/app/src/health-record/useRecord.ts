import { normalizeOutcome, type Resource } from 'fhir-portal-kit';
import { useResource, useErrorText } from 'fhir-portal-kit/react';
import { useState } from 'react';

/** What {@link useRecord} returns. */
export interface RecordState<T> {
  /** The resource once read. */
  readonly resource: T | undefined;
  /** True when the server answered that it does not exist (or is not the patient's). */
  readonly notFound: boolean;
  /** Any other failure, as text. */
  readonly error: string | undefined;
}

/** One resource by type and id from the URL, with its load failure split into not-found and other errors. */
export function useRecord<T extends Resource>(type: T['resourceType'], id: string | undefined): RecordState<T> {
  const errorText = useErrorText();
  const [failure, setFailure] = useState<{ id: string | undefined; notFound: boolean; message: string }>();
  const resource = useResource<T>(id ? { reference: `${type}/${id}` } : undefined, {
    onError: (error: unknown) =>
      setFailure({
        id,
        notFound: normalizeOutcome(error).issue?.some((issue) => issue.code === 'not-found') ?? false,
        message: errorText(error),
      }),
  });
  // A failure belongs to the id it happened for: a new id in the URL starts clean.
  const current = failure && failure.id === id ? failure : undefined;
  return {
    resource: resource?.id === id ? resource : undefined,
    notFound: current?.notFound ?? false,
    error: current && !current.notFound ? current.message : undefined,
  };
}
