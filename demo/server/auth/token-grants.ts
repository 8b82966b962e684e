/**
 * The grants of the OAuth token endpoint (POST oauth2/token, in routes.ts): authorization_code
 * (single use, the client proven by its secret or PKCE), refresh_token (rotated on every use) and
 * client_credentials; and the revocation that ends a login's tokens. The SMART launch context
 * (`patient`, `encounter`, `need_patient_banner`) and the `id_token` are decided here, once.
 */
import type { Reference } from '../../../src/fhir/types';
import { grantableScope } from '../access/scopes';
import type { ServerContext } from '../context';
import { assertClientMayExchange, clientPolicy, narrowToClientScope, verifyClientSecret } from './client-policy';
import { OAuthError } from './errors';
import { ACCESS_TOKEN_LIFETIME_SECONDS, signAccessToken } from './jwt';
import { digest, secret } from './login-secrets';
import { verifyPkce } from './pkce';
import { refId, refType, type LoginRecord, type MembershipRecord } from '../core/account-records';
import { safeEqual } from './safe-equal';
import { DEFAULT_SCOPE } from './sign-in-steps';
import { claimLaunch } from './smart-launch';
import { signIdToken, wantsIdToken } from './smart-id-token';

/** Authorization codes are valid this long after they are issued, and once. */
export const CODE_LIFETIME_MS = 60_000;
/** Refresh tokens of a 'remember me' login live 14 days; others one day. */
export const REFRESH_LIFETIME_MS = { remember: 14 * 24 * 3600_000, session: 24 * 3600_000 } as const;

/** The OAuth token response. */
export interface TokenResponse {
  access_token: string;
  refresh_token?: string;
  expires_in: number;
  token_type: 'Bearer';
  scope: string;
  project: Reference;
  profile: Reference;
  /** SMART launch context: the patient in context (a patient's own id, or an EHR launch's patient). */
  patient?: string;
  /** SMART launch context: the EHR launch's encounter. */
  encounter?: string;
  /** True for a standalone launch (the app shows which patient), false for an EHR launch (the EHR does). */
  need_patient_banner?: boolean;
  /** OpenID Connect id_token (RS256), when openid and fhirUser were granted (authorization_code only). */
  id_token?: string;
}

/** The token grants on one server context. */
export class TokenGrants {
  constructor(private readonly ctx: ServerContext) {}

  private get repo() {
    return this.ctx.systemRepo;
  }

  /** authorization_code grant: single use, 60 s, the client proven (secret or PKCE), redirect matched. */
  async exchangeCode(params: {
    code?: string;
    code_verifier?: string;
    client_id?: string;
    client_secret?: string;
    redirect_uri?: string;
  }): Promise<TokenResponse> {
    if (!params.code) throw new OAuthError('invalid_request', 'Missing code');
    const codeDigest = digest(params.code);
    const login = await this.repo.searchOne<LoginRecord>('Login', { code: codeDigest });
    if (!login || !login.code || !safeEqual(login.code, codeDigest))
      throw new OAuthError('invalid_grant', 'Invalid code');
    if (login.codeUsed || login.revoked) {
      // A replayed code revokes what it already produced (RFC 6749 section 4.1.2).
      if (!login.revoked) await this.repo.updateResource<LoginRecord>({ ...login, revoked: true });
      throw new OAuthError('invalid_grant', 'Invalid code');
    }
    if (!login.granted || !login.membership) throw new OAuthError('invalid_grant', 'Login not granted');
    if (Date.now() - (login.codeIssued ?? 0) > CODE_LIFETIME_MS) throw new OAuthError('invalid_grant', 'Code expired');
    if (login.clientId && params.client_id && login.clientId !== params.client_id)
      throw new OAuthError('invalid_grant', 'Client mismatch');
    if (login.redirectUri && login.redirectUri !== params.redirect_uri)
      throw new OAuthError('invalid_grant', 'Redirect URI mismatch');
    const policy = await clientPolicy(this.repo, login.clientId ?? params.client_id);
    assertClientMayExchange(policy, login, params.client_secret);
    if (login.codeChallenge) {
      if (!verifyPkce(login.codeChallenge, login.codeChallengeMethod, params.code_verifier))
        throw new OAuthError('invalid_grant', 'Invalid code verifier');
    } else if (params.code_verifier) {
      throw new OAuthError('invalid_grant', 'Invalid code verifier');
    }
    const clientId = login.clientId ?? params.client_id;
    // A registered app gets no scope beyond those it was registered for.
    const scope = narrowToClientScope(login.scope ?? DEFAULT_SCOPE, policy.client);
    // An EHR launch becomes this login's context here, once the person who signed in is known.
    const launchContext = login.launch ? await claimLaunch(this.repo, { ...login, clientId }) : undefined;
    // The used code stays on the login (marked used) so that a replay is recognised and revokes it.
    let used: LoginRecord;
    try {
      used = await this.repo.updateResource<LoginRecord>(
        {
          ...login,
          codeUsed: true,
          clientId,
          scope,
          ...(launchContext ? { launchContext } : {}),
        },
        ifMatch(login)
      );
    } catch {
      throw new OAuthError('invalid_grant', 'Invalid code'); // another request used it first
    }
    return this.issueTokens(used, true, { idToken: true });
  }

  /** refresh_token grant with rotation; a reused or revoked token revokes the login. */
  async refresh(refreshToken: string | undefined): Promise<TokenResponse> {
    const invalid = new OAuthError('invalid_grant', 'Invalid refresh token');
    const [loginId, presented] = (refreshToken ?? '').split('.');
    if (!loginId || !presented) throw invalid;
    let login: LoginRecord;
    try {
      login = await this.repo.readResource<LoginRecord>('Login', loginId);
    } catch {
      throw invalid;
    }
    if (login.revoked || !login.refreshSecret) throw invalid;
    if (!safeEqual(login.refreshSecret, digest(presented))) {
      await this.revoke(login);
      throw invalid;
    }
    const lifetime = login.remember ? REFRESH_LIFETIME_MS.remember : REFRESH_LIFETIME_MS.session;
    if (Date.now() - Date.parse(login.authTime) > lifetime) throw invalid;
    return this.issueTokens(login, true);
  }

  /**
   * Issues an access token (and a new refresh secret, invalidating the old one), with the
   * login's SMART context, and an id_token when asked for and granted.
   */
  async issueTokens(
    login: LoginRecord,
    withRefresh: boolean,
    opts: { idToken?: boolean } = {}
  ): Promise<TokenResponse> {
    const membership = await this.repo.readResource<MembershipRecord>('ProjectMembership', refId(login.membership)!);
    let current = login;
    let refreshToken: string | undefined;
    if (withRefresh) {
      const refreshSecret = secret();
      try {
        current = await this.repo.updateResource<LoginRecord>(
          { ...login, refreshSecret: digest(refreshSecret) },
          ifMatch(login)
        );
      } catch {
        // Lost a race with another use of the same token or code: treat as reuse.
        throw new OAuthError('invalid_grant', 'Invalid refresh token');
      }
      refreshToken = `${current.id}.${refreshSecret}`;
    }
    const scope = grantableScope(current.scope ?? DEFAULT_SCOPE, membership.profile.reference ?? '');
    const accessToken = await signAccessToken(this.ctx.jwtSecret, {
      sub: refId(current.user)!,
      login_id: current.id!,
      profile: membership.profile.reference!,
      ...(current.clientId ? { client_id: current.clientId } : {}),
      scope,
      iss: this.ctx.baseUrl,
    });
    const profile = membership.profile.reference!;
    // A patient's context is always their own record, whatever the login carries.
    const patient = refType(profile) === 'Patient' ? refId(profile) : current.launchContext?.patient;
    const idToken =
      opts.idToken && current.clientId && wantsIdToken(scope) && current.user.reference?.startsWith('User/')
        ? await signIdToken(this.ctx, {
            sub: refId(current.user)!,
            clientId: current.clientId,
            fhirUser: profile,
            nonce: current.nonce,
            authTime: current.authTime,
          })
        : undefined;
    return {
      access_token: accessToken,
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
      expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
      token_type: 'Bearer',
      scope,
      project: { reference: membership.project.reference! },
      profile: { reference: profile },
      ...(patient ? { patient, need_patient_banner: !current.launchContext } : {}),
      ...(current.launchContext?.encounter ? { encounter: current.launchContext.encounter } : {}),
      ...(idToken ? { id_token: idToken } : {}),
    };
  }

  /** client_credentials grant: a login for the client application's own membership. */
  async clientCredentials(
    clientId: string | undefined,
    clientSecret: string | undefined,
    scope?: string
  ): Promise<TokenResponse> {
    if (!clientId || !clientSecret) throw new OAuthError('invalid_client', 'Missing client credentials', 401);
    const client = await verifyClientSecret(this.repo, clientId, clientSecret);
    if (!client) throw new OAuthError('invalid_client', 'Invalid client credentials', 401);
    const membership = await this.repo.searchOne<MembershipRecord>('ProjectMembership', {
      profile: `ClientApplication/${client.id}`,
    });
    if (!membership) throw new OAuthError('invalid_client', 'Client has no project membership', 401);
    const login = await this.repo.createResource<LoginRecord>({
      resourceType: 'Login',
      user: { reference: `ClientApplication/${client.id}` },
      membership: { reference: `ProjectMembership/${membership.id}` },
      clientId: client.id,
      scope: scope?.trim() || 'system/*.*',
      authTime: new Date().toISOString(),
      granted: true,
      codeUsed: true,
      mfaVerified: true,
    });
    return this.issueTokens(login, false);
  }

  /** Revokes a login: its access and refresh tokens stop working at once. */
  async revoke(login: LoginRecord): Promise<void> {
    if (login.revoked) return;
    await this.repo.updateResource<LoginRecord>({ ...login, revoked: true, refreshSecret: undefined, code: undefined });
  }
}

/** Writes conditional on the version read, so that of two uses of one code or token only one wins. */
function ifMatch(resource: { meta?: { versionId?: string } }): { ifMatch?: string } | undefined {
  return resource.meta?.versionId ? { ifMatch: resource.meta.versionId } : undefined;
}
