/** Category systems offered as extra sub-filters on the choose-scope step. */
const CATEGORY_FILTERS: Record<string, readonly string[]> = {
  Condition: [
    'http://terminology.hl7.org/CodeSystem/condition-category|problem-list-item',
    'http://terminology.hl7.org/CodeSystem/condition-category|encounter-diagnosis',
    'http://hl7.org/fhir/us/core/CodeSystem/condition-category|health-concern',
  ],
  Observation: [
    'http://terminology.hl7.org/CodeSystem/observation-category|laboratory',
    'http://terminology.hl7.org/CodeSystem/observation-category|vital-signs',
    'http://terminology.hl7.org/CodeSystem/observation-category|social-history',
    'http://terminology.hl7.org/CodeSystem/observation-category|imaging',
    'http://terminology.hl7.org/CodeSystem/observation-category|procedure',
    'http://terminology.hl7.org/CodeSystem/observation-category|survey',
    'http://terminology.hl7.org/CodeSystem/observation-category|exam',
    'http://terminology.hl7.org/CodeSystem/observation-category|therapy',
    'http://terminology.hl7.org/CodeSystem/observation-category|activity',
  ],
};

/** One checkbox of the choose-scope step. */
export interface ScopeOption {
  readonly scope: string;
  /** Checked at first: requested scopes yes, category sub-filters no. */
  readonly defaultChecked: boolean;
  /** The requested scope a sub-filter narrows. */
  readonly parent?: string;
}

/** The checkboxes for a requested scope string: each scope, plus category sub-filters for Condition and Observation. */
export function getScopeOptions(scope: string | undefined): ScopeOption[] {
  const options: ScopeOption[] = [];
  for (const requested of (scope ?? '').split(/\s+/).filter(Boolean)) {
    options.push({ scope: requested, defaultChecked: true });
    const match = /^(patient|user|system)\/(Condition|Observation)\.([a-z*]+)$/.exec(requested);
    if (!match) continue;
    for (const category of CATEGORY_FILTERS[match[2]]) {
      options.push({ scope: `${requested}?category=${category}`, defaultChecked: false, parent: requested });
    }
  }
  return options;
}
