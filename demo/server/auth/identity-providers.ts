/**
 * A project's external identity providers (client-layer.md section 3, identity-provider
 * configuration): which email domains sign in at which OpenID Connect / OAuth2 provider.
 * Stored on the Project record (an account record only the system or a super admin writes):
 *
 *   identityProviders: [{ domains: ['northwind.example'], identityProvider: { authorizeUrl,
 *     tokenUrl, userInfoUrl, clientId, clientSecret, tokenAuthMethod?, usePkce?, useSubject? },
 *     subjectSystem? }]
 *
 * A stored entry is checked again each time it is used, so a malformed one answers a clear
 * error rather than sending a browser somewhere odd.
 */
import type { ServerContext } from '../context';
import { badRequest } from './errors';
import type { ProjectRecord } from '../core/account-records';

/** How the server authenticates to the provider's token endpoint (RFC 6749 section 2.3.1). */
export type TokenAuthMethod = 'client_secret_basic' | 'client_secret_post';

/** The identity-provider configuration of client-layer.md section 3. */
export interface IdentityProviderConfig {
  authorizeUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  clientId: string;
  clientSecret: string;
  /** client_secret_basic by default. */
  tokenAuthMethod?: TokenAuthMethod;
  /** Send a PKCE S256 challenge to the provider and the verifier with the code. */
  usePkce?: boolean;
  /** Match the user by the provider's subject (`sub`) instead of the email. */
  useSubject?: boolean;
}

/** One entry of Project.identityProviders. */
export interface ProjectIdentityProvider {
  /** Email domains (lower case) whose users sign in at this provider. */
  domains: string[];
  identityProvider: IdentityProviderConfig;
  /**
   * With useSubject: the identifier system under which a profile (Patient, Practitioner)
   * carries the provider's subject; the authorize URL's origin by default.
   */
  subjectSystem?: string;
}

/** A project that may carry identity providers. */
export type ProjectWithIdentityProviders = ProjectRecord & { identityProviders?: unknown };

/** A provider found for a domain, with the project it belongs to. */
export interface ResolvedIdentityProvider {
  projectId: string;
  domain: string;
  provider: IdentityProviderConfig;
  subjectSystem: string;
}

const MAX_URL_LENGTH = 2048;
const MAX_SECRET_LENGTH = 1024;
const MAX_DOMAINS = 100;
const MAX_PROVIDERS = 20;

function httpUrl(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.length > MAX_URL_LENGTH) badRequest(`Invalid ${field}`, field);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    badRequest(`Invalid ${field}`, field);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || url.hash)
    badRequest(`Invalid ${field}`, field);
  return value;
}

function text(value: unknown, field: string): string {
  if (typeof value !== 'string' || value === '' || value.length > MAX_SECRET_LENGTH)
    badRequest(`Invalid ${field}`, field);
  return value;
}

function flag(value: unknown, field: string): boolean {
  if (value !== undefined && typeof value !== 'boolean') badRequest(`Invalid ${field}`, field);
  return value === true;
}

/** Checks an identity-provider configuration; throws a 400 naming the field at fault. */
export function validateIdentityProvider(value: unknown, path = 'identityProvider'): IdentityProviderConfig {
  if (!value || typeof value !== 'object' || Array.isArray(value)) badRequest(`Invalid ${path}`, path);
  const v = value as Record<string, unknown>;
  const tokenAuthMethod = v.tokenAuthMethod;
  if (
    tokenAuthMethod !== undefined &&
    tokenAuthMethod !== 'client_secret_basic' &&
    tokenAuthMethod !== 'client_secret_post'
  )
    badRequest(`Invalid ${path}.tokenAuthMethod`, `${path}.tokenAuthMethod`);
  return {
    authorizeUrl: httpUrl(v.authorizeUrl, `${path}.authorizeUrl`),
    tokenUrl: httpUrl(v.tokenUrl, `${path}.tokenUrl`),
    userInfoUrl: httpUrl(v.userInfoUrl, `${path}.userInfoUrl`),
    clientId: text(v.clientId, `${path}.clientId`),
    clientSecret: text(v.clientSecret, `${path}.clientSecret`),
    ...(tokenAuthMethod ? { tokenAuthMethod: tokenAuthMethod as TokenAuthMethod } : {}),
    usePkce: flag(v.usePkce, `${path}.usePkce`),
    useSubject: flag(v.useSubject, `${path}.useSubject`),
  };
}

/** Checks Project.identityProviders as a whole; throws a 400 naming the entry at fault. */
export function validateProjectIdentityProviders(value: unknown): ProjectIdentityProvider[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > MAX_PROVIDERS)
    badRequest('Invalid identityProviders', 'identityProviders');
  return value.map((entry, i) => {
    const path = `identityProviders[${i}]`;
    if (!entry || typeof entry !== 'object') badRequest(`Invalid ${path}`, path);
    const { domains, identityProvider, subjectSystem } = entry as Record<string, unknown>;
    if (
      !Array.isArray(domains) ||
      domains.length === 0 ||
      domains.length > MAX_DOMAINS ||
      !domains.every((d) => typeof d === 'string' && d.length > 0 && d.length <= 253 && d === d.toLowerCase())
    )
      badRequest(`Invalid ${path}.domains`, `${path}.domains`);
    const provider = validateIdentityProvider(identityProvider, `${path}.identityProvider`);
    return {
      domains: domains as string[],
      identityProvider: provider,
      ...(subjectSystem !== undefined ? { subjectSystem: httpUrl(subjectSystem, `${path}.subjectSystem`) } : {}),
    };
  });
}

/** The provider a project maps an email domain to, or undefined when it signs in with a password. */
export async function findIdentityProvider(
  ctx: ServerContext,
  projectId: string | undefined,
  domain: string
): Promise<ResolvedIdentityProvider | undefined> {
  if (!projectId) return undefined;
  const project = await ctx.systemRepo
    .readResource<ProjectWithIdentityProviders>('Project', projectId)
    .catch(() => undefined);
  if (!project?.identityProviders) return undefined;
  const entry = validateProjectIdentityProviders(project.identityProviders).find((e) => e.domains.includes(domain));
  if (!entry) return undefined;
  return {
    projectId,
    domain,
    provider: entry.identityProvider,
    subjectSystem: entry.subjectSystem ?? new URL(entry.identityProvider.authorizeUrl).origin,
  };
}

/** Texts of the password side for domains a provider owns. */
export const ProviderDomainMessages = {
  passwordNotUsed:
    'This email domain signs in at its identity provider, not with a password here: continue with your email alone to sign in there',
} as const;

/** True when the project lists the domain under one of its providers (the rest of the entry unread). */
async function projectOwnsDomain(ctx: ServerContext, projectId: string, domain: string): Promise<boolean> {
  const project = await ctx.systemRepo
    .readResource<ProjectWithIdentityProviders>('Project', projectId)
    .catch(() => undefined);
  const entries = project?.identityProviders;
  if (!Array.isArray(entries)) return false;
  // Only the domains: a typo elsewhere in an entry must not let passwords back in, nor lock
  // every other domain's password sign-in out.
  return entries.some((e) => {
    const domains = (e as { domains?: unknown } | null)?.domains;
    return Array.isArray(domains) && domains.includes(domain);
  });
}

/**
 * Refuses a password (registration or sign-in) for an email whose domain a provider owns: an
 * account made with a password there would wait for the real owner's first external sign-in
 * (the pre-registration takeover). Checked in the server's default project and the one the
 * request names; accounts are server-wide, but a scan of every project per sign-in is not
 * bounded, and the link rule of external-login.ts keeps an account made elsewhere out anyway.
 */
export async function refusePasswordForProviderDomain(
  ctx: ServerContext,
  email: string,
  requestedProject: unknown
): Promise<void> {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  const projects = new Set<string>();
  if (ctx.defaultProjectId) projects.add(ctx.defaultProjectId);
  if (typeof requestedProject === 'string' && requestedProject && requestedProject.length <= 256)
    projects.add(requestedProject);
  for (const projectId of projects) {
    if (await projectOwnsDomain(ctx, projectId, domain)) badRequest(ProviderDomainMessages.passwordNotUsed, 'email');
  }
}
