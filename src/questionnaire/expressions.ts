import type { Expression, Extension } from '../fhir/types';

/** A compiled FHIRPath expression: evaluates against a context node with environment variables. */
export type CompiledFhirPath = (context: unknown, vars: Record<string, unknown>) => unknown[];

/** The FHIRPath engine the questionnaire engine needs: compile with an optional base type path. */
export interface FhirPathEngine {
  /** Compiles an expression; `base` is the FHIR path of the context node (e.g. 'QuestionnaireResponse.item'). Throws on a syntax error. */
  compile(expression: string, base?: string): CompiledFhirPath;
}

/** Loads the FHIRPath engine on demand; injectable so tests and apps control when it loads. */
export type FhirPathLoader = () => Promise<FhirPathEngine>;

let defaultEngine: Promise<FhirPathEngine> | undefined;

/**
 * The default loader: the `fhirpath` package and its R4 model, through dynamic `import()` so a
 * questionnaire without expressions never loads them. Loaded once and shared, so compiled
 * expressions are shared across forms; a failed load is retried next time.
 */
export const loadFhirPath: FhirPathLoader = () => {
  defaultEngine ??= (async (): Promise<FhirPathEngine> => {
    const [fhirpathModule, modelModule] = await Promise.all([import('fhirpath'), import('fhirpath/fhir-context/r4')]);
    const fhirpath: any = (fhirpathModule as any).default ?? fhirpathModule;
    const model: any = (modelModule as any).default ?? modelModule;
    return {
      compile(expression, base) {
        const compiled = fhirpath.compile(base ? { base, expression } : expression, model);
        return (context, vars) => compiled(context as any, vars as any) as unknown[];
      },
    };
  })().catch((error) => {
    defaultEngine = undefined;
    throw error;
  });
  return defaultEngine;
};

/** An SDC expression found on the questionnaire, with what it reads. */
export interface ExpressionInfo {
  /** The FHIRPath text. */
  expression: string;
  /** linkIds named in string literals. */
  linkIds: Set<string>;
  /** %variables it names (environment variables included). */
  variables: Set<string>;
  /**
   * True when the static scan cannot tell what it reads: it touches the response but names no
   * linkId, or walks the tree with repeat()/descendants()/children(). Such expressions are
   * re-evaluated on every change.
   */
  dynamic: boolean;
}

/** Reads an expression-valued extension of the given url; only text/fhirpath is evaluated. */
export function expressionExtension(extensions: Extension[] | undefined, url: string): Expression | undefined {
  const ext = extensions?.find((e) => e?.url === url);
  const value = ext?.valueExpression;
  if (!value?.expression) return undefined;
  if (value.language && value.language !== 'text/fhirpath') return undefined;
  return value;
}

/** Named `variable` extensions in order. */
export function variableExtensions(extensions: Extension[] | undefined): Expression[] {
  if (!extensions?.length) return [];
  return extensions
    .filter(
      (e) =>
        e?.url === 'http://hl7.org/fhir/StructureDefinition/variable' &&
        typeof e.valueExpression?.name === 'string' &&
        typeof e.valueExpression.expression === 'string'
    )
    .filter((e) => !e.valueExpression!.language || e.valueExpression!.language === 'text/fhirpath')
    .map((e) => e.valueExpression!);
}

const STRING_LITERAL = /'((?:[^'\\]|\\.)*)'/g;
const VARIABLE = /%(`[^`]+`|[A-Za-z_][A-Za-z0-9_]*)/g;
const TREE_WALK = /\b(repeat|descendants|children)\s*\(/;
const RESPONSE_TOUCH = /(%resource|%context|\bitem\b|\banswer\b)/;

/**
 * A conservative static scan: linkIds are the string literals that name a linkId of the
 * questionnaire, variables the %names. See ExpressionInfo.dynamic for what we cannot tell.
 */
export function scanExpression(expression: string, knownLinkIds: ReadonlySet<string>): ExpressionInfo {
  const linkIds = new Set<string>();
  const withoutStrings = expression.replace(STRING_LITERAL, (_match, text: string) => {
    const literal = text.replace(/\\(.)/g, '$1');
    if (knownLinkIds.has(literal)) linkIds.add(literal);
    return "''";
  });
  const variables = new Set<string>();
  for (const match of withoutStrings.matchAll(VARIABLE)) variables.add(match[1].replace(/`/g, ''));
  const touchesResponse = RESPONSE_TOUCH.test(withoutStrings);
  const dynamic = TREE_WALK.test(withoutStrings) || (touchesResponse && linkIds.size === 0);
  return { expression, linkIds, variables, dynamic };
}

/** Environment variables always provided by the engine or the FHIRPath library. */
export const BUILT_IN_VARIABLES = new Set([
  'resource',
  'context',
  'questionnaire',
  'rootResource',
  'ucum',
  'sct',
  'loinc',
  'factory',
  'terminologies',
  'vs',
  'ext',
]);
