/**
 * Registration (client-layer.md section 7): auth/newuser creates a User and opens a login without
 * a profile, after the bot check; auth/newpatient and auth/newproject give that login its first
 * profile (a Patient in a project, or a new Project with a Practitioner as its admin) and grant
 * it. A sign-in at the project's external provider registers through newPatient as well
 * (external-login.ts), without the bot check.
 */
import type { Patient, Practitioner } from '../../../src/fhir/types';
import type { ServerContext } from '../context';
import { botCheckForProfile, botCheckOf } from './bot-check';
import { AuthMessages, badRequest, tooLong } from './errors';
import { refusePasswordForProviderDomain } from './identity-providers';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, normalizeEmail, requireString } from './login-input';
import { membershipsOf, readLoginUser, readPendingLogin } from './login-lookups';
import { hashPassword } from './password';
import type { MembershipRecord, ProjectRecord, UserRecord } from '../core/account-records';
import { createLogin, SignInSteps, type SignInResponse } from './sign-in-steps';
import { throttlesOf } from './throttles';

/** How a registration reached newPatient. */
export interface NewPatientOptions {
  /**
   * The person signed in at the project's own external identity provider just now (auth/external
   * callback, createUser). The bot check guards registration by password from the open internet;
   * here the provider the project trusts has authenticated the person, and the browser never saw
   * the portal's register form, so there is no challenge to answer.
   */
  readonly signedInAtProvider?: boolean;
}

/** Registration on one server context. */
export class Registration {
  private readonly signIn: SignInSteps;

  constructor(private readonly ctx: ServerContext) {
    this.signIn = new SignInSteps(ctx);
  }

  private get repo() {
    return this.ctx.systemRepo;
  }

  /** POST auth/newuser: creates a User and an open Login (no profile yet), after the bot check. */
  async newUser(body: Record<string, unknown>, remoteAddress?: string): Promise<SignInResponse> {
    const firstName = requireString(body.firstName, 'firstName', 'First name is required').trim();
    const lastName = requireString(body.lastName, 'lastName', 'Last name is required').trim();
    const email = normalizeEmail(body.email);
    const password = typeof body.password === 'string' ? body.password : '';
    if (password.length < MIN_PASSWORD_LENGTH) badRequest(AuthMessages.passwordTooShort, 'password');
    if (password.length > MAX_PASSWORD_LENGTH) tooLong('password', MAX_PASSWORD_LENGTH);
    // A domain a provider owns registers there: a password account would sit waiting for its owner.
    await refusePasswordForProviderDomain(this.ctx, email, body.projectId);
    // Before anything that tells whether the email is known, and before the hash.
    await throttlesOf(this.ctx).registrationAttempt(remoteAddress);
    await botCheckOf(this.ctx).verify(body, remoteAddress);
    const passwordHash = await hashPassword(password);
    const login = await this.repo.transaction(async (repo) => {
      if (await repo.searchOne<UserRecord>('User', { email })) badRequest(AuthMessages.emailRegistered, 'email');
      const user = await repo.createResource<UserRecord>({
        resourceType: 'User',
        email,
        passwordHash,
        firstName,
        lastName,
        mfaEnrolled: false,
        botCheckUnspent: true,
      });
      return createLogin(repo, user, body);
    });
    return { login: login.id! };
  }

  /** POST auth/newpatient: a Patient named after the user, in the given (or demo) project. */
  async newPatient(
    body: Record<string, unknown>,
    remoteAddress?: string,
    options: NewPatientOptions = {}
  ): Promise<SignInResponse> {
    const login = await readPendingLogin(this.repo, body.login);
    await this.signIn.assertAuthenticated(login);
    const projectId =
      (typeof body.projectId === 'string' && body.projectId) || login.projectId || this.ctx.defaultProjectId;
    const project = await this.readProject(projectId);
    const user = await readLoginUser(this.repo, login);
    const spendBotCheck = options.signedInAtProvider
      ? async () => undefined
      : await botCheckForProfile(this.ctx, user, body, remoteAddress);
    const membership = await this.repo.transaction(async (repo) => {
      await spendBotCheck(repo);
      const patient = await repo.createResource<Patient>({
        resourceType: 'Patient',
        meta: { project: project.id } as Patient['meta'],
        name: [{ use: 'official', given: [user.firstName], family: user.lastName }],
        telecom: [{ system: 'email', use: 'home', value: user.email }],
      });
      return repo.createResource<MembershipRecord>({
        resourceType: 'ProjectMembership',
        project: { reference: `Project/${project.id}`, display: project.name },
        user: { reference: `User/${user.id}`, display: user.email },
        profile: { reference: `Patient/${patient.id}`, display: `${user.firstName} ${user.lastName}` },
        admin: false,
      });
    });
    return this.signIn.grant(login, membership);
  }

  /** POST auth/newproject: a Project owned by the user, with a Practitioner profile as admin. */
  async newProject(body: Record<string, unknown>, remoteAddress?: string): Promise<SignInResponse> {
    const login = await readPendingLogin(this.repo, body.login);
    await this.signIn.assertAuthenticated(login);
    const projectName = requireString(body.projectName, 'projectName', 'Project name is required').trim();
    // A login that already holds a profile (a signed-in patient's) cannot become a project admin.
    if (login.granted || login.membership) badRequest(AuthMessages.loginGranted, 'login');
    const user = await readLoginUser(this.repo, login);
    const patientMembership = (await membershipsOf(this.repo, `User/${user.id}`)).some((m) =>
      m.profile?.reference?.startsWith('Patient/')
    );
    if (patientMembership) badRequest(AuthMessages.patientCannotCreateProject, 'login');
    const spendBotCheck = await botCheckForProfile(this.ctx, user, body, remoteAddress);
    const membership = await this.repo.transaction(async (repo) => {
      await spendBotCheck(repo);
      const project = await repo.createResource<ProjectRecord>({
        resourceType: 'Project',
        name: projectName,
        owner: { reference: `User/${user.id}` },
      });
      const practitioner = await repo.createResource<Practitioner>({
        resourceType: 'Practitioner',
        meta: { project: project.id } as Practitioner['meta'],
        name: [{ use: 'official', given: [user.firstName], family: user.lastName }],
        telecom: [{ system: 'email', use: 'work', value: user.email }],
      });
      return repo.createResource<MembershipRecord>({
        resourceType: 'ProjectMembership',
        project: { reference: `Project/${project.id}`, display: project.name },
        user: { reference: `User/${user.id}`, display: user.email },
        profile: { reference: `Practitioner/${practitioner.id}`, display: `${user.firstName} ${user.lastName}` },
        admin: true,
      });
    });
    return this.signIn.grant(login, membership);
  }

  private async readProject(id: string | undefined): Promise<ProjectRecord> {
    if (!id) badRequest(AuthMessages.projectNotFound, 'projectId');
    try {
      return await this.repo.readResource<ProjectRecord>('Project', id);
    } catch {
      badRequest(AuthMessages.projectNotFound, 'projectId');
    }
  }
}
