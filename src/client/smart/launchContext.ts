import type { SmartLaunchContext } from './types';

/** The fields of a SMART token response that carry the launch context. */
export interface SmartTokenResponse {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  scope?: string;
  patient?: string;
  encounter?: string;
  need_patient_banner?: boolean;
  smart_style_url?: string;
  intent?: string;
  tenant?: string;
  [key: string]: unknown;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/**
 * The launch context of a token response: patient, encounter, banner, style, intent, tenant and
 * scope as the server sent them, and fhirUser from the verified id_token's claims.
 */
export function launchContextFromTokenResponse(
  tokens: SmartTokenResponse,
  idTokenClaims?: Record<string, unknown>
): SmartLaunchContext {
  const context: SmartLaunchContext = {
    patient: text(tokens.patient),
    encounter: text(tokens.encounter),
    fhirUser: text(idTokenClaims?.fhirUser),
    needPatientBanner: typeof tokens.need_patient_banner === 'boolean' ? tokens.need_patient_banner : undefined,
    smartStyleUrl: text(tokens.smart_style_url),
    intent: text(tokens.intent),
    tenant: text(tokens.tenant),
    scope: text(tokens.scope),
    idTokenClaims,
  };
  // Stored as JSON with the login: leave absent fields out rather than keep undefined keys.
  return Object.fromEntries(Object.entries(context).filter(([, v]) => v !== undefined)) as SmartLaunchContext;
}
