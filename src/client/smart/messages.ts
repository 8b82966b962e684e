import { OutcomeMessages } from '../../fhir/outcomes';

/**
 * Error texts of the SMART App Launch (smartLaunch, completeSmartLaunch). Where client-layer.md
 * names a text (a failed token request, an expired token, one for another audience), it is that one.
 */
export const SmartMessages = {
  missingIss: 'SMART launch needs the FHIR server: pass iss, or open the launch page with ?iss=<FHIR base URL>',
  invalidIss: 'The FHIR server (iss) must be an http or https URL',
  discoveryFailed:
    'Could not discover the SMART endpoints: the server has neither a .well-known/smart-configuration nor OAuth URIs in its CapabilityStatement',
  insecureContext: 'SMART launch needs PKCE S256, which this page cannot compute: serve it over https (or localhost)',
  noPendingLaunch: 'No SMART launch was started in this browser (or it was already completed); launch the app again',
  stateMismatch: 'Sign-in state does not match the one this browser started; sign in again',
  missingCode: 'The authorization server sent no code back',
  /** The token endpoint's own `error_description` is shown instead when it sends one. */
  tokenFailed: 'Failed to fetch tokens',
  missingJwksUri: 'The server sent an id_token but names no jwks_uri to check its signature',
  jwksFailed: "Could not load the server's signing keys (jwks_uri)",
  idTokenIssuer: 'The id_token was not issued by this server (wrong issuer)',
  idTokenAudience: OutcomeMessages.tokenAudience,
  idTokenExpired: OutcomeMessages.tokenExpired,
  idTokenSignature: "The id_token's signature does not match the server's keys",
  idTokenInvalid: 'The id_token is not valid',
} as const;
