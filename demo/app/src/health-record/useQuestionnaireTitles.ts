import type { Questionnaire } from 'fhir-portal-kit';
import { useSearchResources } from 'fhir-portal-kit/react';
import { useMemo } from 'react';

const LOCAL_REFERENCE = /^Questionnaire\/([A-Za-z0-9\-.]{1,64})$/;

/**
 * The titles of the questionnaires that responses answer, by the canonical each response names
 * (a url, or 'Questionnaire/{id}'): two searches at most, whatever the number of responses.
 */
export function useQuestionnaireTitles(canonicals: readonly (string | undefined)[]): ReadonlyMap<string, string> {
  const unique = [...new Set(canonicals.filter((c): c is string => !!c))].sort();
  const ids = unique.map((c) => LOCAL_REFERENCE.exec(c)?.[1]).filter((id): id is string => !!id);
  const urls = unique.filter((c) => !LOCAL_REFERENCE.test(c));
  const byUrl = useSearchResources(urls.length ? 'Questionnaire' : undefined, {
    url: urls.join(','),
    _count: String(urls.length),
  });
  const byId = useSearchResources(ids.length ? 'Questionnaire' : undefined, {
    _id: ids.join(','),
    _count: String(ids.length),
  });
  return useMemo(() => {
    const titles = new Map<string, string>();
    const add = (q: Questionnaire, key: string | undefined) => {
      const title = q.title ?? q.name;
      if (key && title) titles.set(key, title);
    };
    for (const q of byUrl.data ?? []) add(q, q.url);
    for (const q of byId.data ?? []) add(q, `Questionnaire/${q.id}`);
    return titles;
  }, [byUrl.data, byId.data]);
}
