import { OperationOutcomeError, badRequestOutcome, throwError } from '../fhir/outcomes';
import { getReferenceString, parseReference, resolveId } from '../fhir/references';
import type { TypeSchema } from '../fhir/schema';
import type {
  Attachment,
  Binary,
  Bundle,
  Device,
  ExtractResource,
  Identifier,
  DocumentReference,
  Media,
  OperationOutcome,
  Reference,
  Resource,
  ResourceType,
  Subscription,
  ValueSet,
} from '../fhir/types';
import { AutoBatcher } from './autobatch';
import {
  type BinaryResult,
  type BinarySource,
  type CreateBinaryOptions,
  binaryContentType,
  isUnnamedFile,
  uploadWithProgress,
} from './binary';
import { ClientCache, SYSTEM_DEVICE, type CacheChangeListener } from './client-cache';
import { ReadablePromise } from './readable-promise';
import type { FhirClientOptions } from './options';
import { type QueryTypes, type ResourceArray, getQueryString, toResourceArray } from './query';
import { SessionClient } from './SessionClient';
import { listenForSignOutInOtherTabs } from './login/crossTab';
import type { AuthorizeRequest } from './login/redirect';
import type {
  BaseLoginRequest,
  EmailPasswordLoginRequest,
  GoogleLoginRequest,
  LoginAuthenticationResponse,
  LoginClient,
  NewPatientRequest,
  NewProjectRequest,
  NewUserRequest,
} from './login/types';
import { ContentType, type RequestOptions, expectResource } from './transport';
import type { SubscriptionManager } from './subscriptions/subscription-manager';
import type { SubscriptionEmitter } from './subscriptions/subscription-emitter';
import {
  getClientSubscriptionManager,
  subscribeClientToCriteria,
  unsubscribeClientFromCriteria,
} from './subscriptions/client-subscriptions';

export type { CacheChangeListener } from './client-cache';

/** The parameters of ValueSet/$expand. */
export interface ValueSetExpandParams {
  url?: string;
  filter?: string;
  count?: number;
  offset?: number;
}

/** The email that sendEmail posts. */
export interface EmailMessage {
  to: string | string[];
  cc?: string | string[];
  bcc?: string | string[];
  from?: string;
  subject?: string;
  text?: string;
  html?: string;
  attachments?: { filename?: string; content?: string; contentType?: string; path?: string }[];
}

/** A key-value store on the server, one string per key. */
export interface KeyValueClient {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
}

/** Options for createPdf. */
export interface CreatePdfOptions {
  docDefinition: any;
  filename?: string;
  tableLayouts?: any;
  fonts?: any;
  onProgress?: (event: ProgressEvent) => void;
}

function missing(text: string): never {
  throw new OperationOutcomeError(badRequestOutcome(text));
}

/** A FHIR R4 client: requests with retries and async polling, a session with token refresh, a request and resource cache, auto-batching and binary upload. */
const loadLoginSteps = () => import('./login/steps');
const loadRedirect = () => import('./login/redirect');
const loadSchema = () => import('./schema');

export class FhirClient extends SessionClient implements LoginClient {
  readonly #cache: ClientCache;
  readonly #autoBatcher?: AutoBatcher;

  /** The server's key-value store (keyvalue/v1/{key}). */
  readonly keyValue: KeyValueClient;

  constructor(options?: FhirClientOptions) {
    super(options);
    const o = this.options;
    this.#cache = new ClientCache({
      cacheTime: o.cacheTime,
      size: o.resourceCacheSize,
      fhirBaseUrl: o.fhirBaseUrl,
      log: (message) => this.log('error', message),
    });
    if (o.autoBatchTime > 0) {
      this.#autoBatcher = new AutoBatcher(
        o.autoBatchTime,
        o.fhirBaseUrl,
        (url, opts) => this.request('GET', url, opts),
        (bundle) => this.request('POST', o.fhirBaseUrl, {}, bundle).then((b) => expectResource<Bundle>(b, 'Bundle'))
      );
    }
    const key = (k: string): string => `keyvalue/v1/${encodeURIComponent(k)}`;
    this.keyValue = {
      get: (k) => this.get(key(k)),
      set: (k, value) => this.put(key(k), value, ContentType.TEXT),
      delete: (k) => this.delete(key(k)),
    };
    // Signing out in another tab removes the stored login; this tab forgets its tokens too.
    listenForSignOutInOtherTabs(this, this.storage as never);
  }

  // Login steps (client-layer.md section 7), under MedplumClient's names and argument order.
  // The steps live in ./login as functions over a small LoginClient interface, loaded on first
  // use: a session signs in once, so the data calls every screen makes never carry them.

  /** Starts an email and password sign-in (POST auth/login, with a PKCE challenge). */
  startLogin(loginRequest: EmailPasswordLoginRequest): Promise<LoginAuthenticationResponse> {
    return loadLoginSteps().then((login) => login.startLogin(this, loginRequest));
  }

  /** Starts a Google sign-in (POST auth/google). */
  startGoogleLogin(googleRequest: GoogleLoginRequest): Promise<LoginAuthenticationResponse> {
    return loadLoginSteps().then((login) => login.startGoogleLogin(this, googleRequest));
  }

  /** Registers a new user (POST auth/newuser). */
  startNewUser(newUserRequest: NewUserRequest): Promise<LoginAuthenticationResponse> {
    return loadLoginSteps().then((login) => login.startNewUser(this, newUserRequest));
  }

  /** Creates a project for a new user's login (POST auth/newproject). */
  startNewProject(newProjectRequest: NewProjectRequest): Promise<LoginAuthenticationResponse> {
    return loadLoginSteps().then((login) => login.startNewProject(this, newProjectRequest));
  }

  /** Creates the Patient and its membership for a new user's login (POST auth/newpatient). */
  startNewPatient(newPatientRequest: NewPatientRequest): Promise<LoginAuthenticationResponse> {
    return loadLoginSteps().then((login) => login.startNewPatient(this, newPatientRequest));
  }

  /** Exchanges an authorization code for tokens with the stored PKCE verifier. */
  processCode(code: string, loginParams?: Partial<BaseLoginRequest>): Promise<unknown> {
    return loadLoginSteps().then((login) => login.processCode(this, code, loginParams));
  }

  /** Signs in through the authorize redirect, or finishes one when the URL carries a code. */
  signInWithRedirect(loginParams?: AuthorizeRequest): Promise<unknown> {
    return loadRedirect().then((redirect) => redirect.signInWithRedirect(this, loginParams));
  }

  /** Starts a SMART standalone launch: sends the browser to the authorize endpoint. */
  startSmartLaunch(loginParams?: AuthorizeRequest): Promise<void> {
    return loadRedirect().then((redirect) => redirect.startSmartLaunch(this, loginParams));
  }

  /** Finishes an authorize redirect: checks the state, then exchanges the code. */
  handleRedirectCallback(url?: string | URL, loginParams?: Partial<BaseLoginRequest>): Promise<unknown> {
    return loadRedirect().then((redirect) => redirect.handleRedirectCallback(this, url, loginParams));
  }

  /** Sends the browser to an external identity provider; with PKCE it needs codeChallenge and codeChallengeMethod. */
  signInWithExternalAuth(
    authorizeUrl: string,
    clientId: string,
    redirectUri: string,
    baseLogin: BaseLoginRequest,
    pkceEnabled = true
  ): Promise<void> {
    return loadRedirect().then((redirect) =>
      redirect.signInWithExternalAuth(this, authorizeUrl, clientId, redirectUri, baseLogin, pkceEnabled)
    );
  }

  /** Where a pending login stands (GET auth/login/{login}), to resume it at its next step. */
  getLogin(login: string): Promise<LoginAuthenticationResponse> {
    return loadLoginSteps().then((steps) => steps.getLogin(this, login));
  }

  /** Invites someone to a project (POST admin/projects/{id}/invite). */
  invite(projectId: string, body: Record<string, unknown>): Promise<unknown> {
    return loadLoginSteps().then((login) => login.invite(this, projectId, body));
  }

  // ---------------------------------------------------------------- URLs

  /** The server base URL, with a trailing slash. */
  getBaseUrl(): string {
    return this.options.baseUrl;
  }

  /** The FHIR base URL, with a trailing slash. */
  getFhirBaseUrl(): string {
    return this.options.fhirBaseUrl;
  }

  /** The OAuth2 authorize endpoint. */
  getAuthorizeUrl(): string {
    return this.options.authorizeUrl;
  }

  /** The OAuth2 token endpoint. */
  getTokenUrl(): string {
    return this.options.tokenUrl;
  }

  /** The logout endpoint. */
  getLogoutUrl(): string {
    return this.options.logoutUrl;
  }

  /** A URL under the FHIR base, from path segments. */
  fhirUrl(...path: string[]): URL {
    return new URL(this.options.fhirBaseUrl + path.join('/'));
  }

  /** The search URL for a resource type and query. */
  fhirSearchUrl(resourceType: ResourceType, query?: QueryTypes): URL {
    const url = this.fhirUrl(resourceType);
    if (query) url.search = getQueryString(query);
    return url;
  }

  // ---------------------------------------------------------------- HTTP verbs

  /**
   * GET a URL: identical GETs in flight share one request, answers are kept cacheTime ms. The
   * answer is a ReadablePromise, so React Suspense can `read()` it.
   */
  get<T = any>(url: URL | string, options: RequestOptions = {}): ReadablePromise<T> {
    const href = this.resolveUrl(url);
    if (options.cache !== 'no-cache' && options.cache !== 'reload') {
      const cached = this.#cache.getRequest<T>(href);
      if (cached) return cached;
    }
    const pending =
      this.#autoBatcher && !options.disableAutoBatch && href.startsWith(this.options.fhirBaseUrl)
        ? this.#autoBatcher.add(href, options)
        : this.request('GET', href, options);
    const promise = new ReadablePromise<T>(
      pending.then((result) => {
        this.#cache.storeResult(href, result);
        return result;
      })
    );
    this.#cache.setRequest(href, promise);
    return promise;
  }

  /** POST a body (objects as FHIR JSON) to a URL. */
  post<T = any>(url: URL | string, body?: any, contentType?: string, options: RequestOptions = {}): Promise<T> {
    return this.write('POST', url, options, body, contentType);
  }

  /** PUT a body (objects as FHIR JSON) to a URL. */
  put<T = any>(url: URL | string, body: any, contentType?: string, options: RequestOptions = {}): Promise<T> {
    return this.write('PUT', url, options, body, contentType);
  }

  /** PATCH a URL with JSON Patch operations. */
  patch<T = any>(url: URL | string, operations: any, options: RequestOptions = {}): Promise<T> {
    return this.write('PATCH', url, options, operations, ContentType.JSON_PATCH);
  }

  /** DELETE a URL. */
  delete<T = any>(url: URL | string, options: RequestOptions = {}): Promise<T> {
    return this.write('DELETE', url, options);
  }

  private write<T>(
    method: string,
    url: URL | string,
    options: RequestOptions,
    body?: any,
    contentType?: string
  ): Promise<T> {
    const href = this.resolveUrl(url);
    this.#cache.deleteRequest(href);
    return this.request(method, href, options, body, contentType);
  }

  // ---------------------------------------------------------------- reads

  /** Reads one resource by type and id; Suspense can `read()` the answer. */
  readResource<K extends ResourceType>(
    resourceType: K,
    id: string,
    options?: RequestOptions
  ): ReadablePromise<ExtractResource<K>> {
    if (!id) return new ReadablePromise(Promise.reject(new OperationOutcomeError(badRequestOutcome('Missing id'))));
    return ReadablePromise.derive(this.get(this.fhirUrl(resourceType, id), options), (value) =>
      expectResource<ExtractResource<K>>(value, resourceType)
    );
  }

  /** Reads the resource a Reference points to ('system' is the system device); Suspense can `read()` it. */
  readReference<T extends Resource = Resource>(reference: Reference, options?: RequestOptions): ReadablePromise<T> {
    if (reference?.reference === 'system') return ReadablePromise.resolve(SYSTEM_DEVICE as Awaited<T>);
    let parsed: [string, string];
    try {
      parsed = parseReference(reference);
    } catch (error) {
      return new ReadablePromise(Promise.reject(error));
    }
    return this.readResource(parsed[0] as ResourceType, parsed[1], options) as ReadablePromise<any>;
  }

  /** Reads a resource's history, newest first, with optional paging. */
  async readHistory<K extends ResourceType>(
    resourceType: K,
    id: string,
    options: RequestOptions & { count?: number; offset?: number } = {}
  ): Promise<Bundle<ExtractResource<K>>> {
    if (!id) missing('Missing id');
    const url = this.fhirUrl(resourceType, id, '_history');
    if (options.count !== undefined) url.searchParams.set('_count', String(options.count));
    if (options.offset !== undefined) url.searchParams.set('_offset', String(options.offset));
    return this.getBundle(url, options);
  }

  /** Reads one version of a resource. */
  async readVersion<K extends ResourceType>(
    resourceType: K,
    id: string,
    vid: string,
    options?: RequestOptions
  ): Promise<ExtractResource<K>> {
    if (!id) missing('Missing id');
    return expectResource(await this.get(this.fhirUrl(resourceType, id, '_history', vid), options), resourceType);
  }

  /** Reads a patient's whole record (Patient/{id}/$everything). */
  readPatientEverything(id: string, options?: RequestOptions): Promise<Bundle> {
    return this.getBundle(this.fhirUrl('Patient', id, '$everything'), options);
  }

  /** Reads a patient's summary document (Patient/{id}/$summary). */
  readPatientSummary(id: string, options?: RequestOptions): Promise<Bundle> {
    return this.getBundle(this.fhirUrl('Patient', id, '$summary'), options);
  }

  /** Reads a resource and what a GraphDefinition links to it ({type}/{id}/$graph?graph=name). */
  readResourceGraph(
    resourceType: ResourceType,
    id: string,
    graphName: string,
    options?: RequestOptions
  ): Promise<Bundle> {
    const url = this.fhirUrl(resourceType, id, '$graph');
    url.searchParams.set('graph', graphName);
    return this.getBundle(url, options);
  }

  // ---------------------------------------------------------------- search

  /** Searches a resource type; answers the Bundle, which Suspense can `read()`. */
  search<K extends ResourceType>(
    resourceType: K,
    query?: QueryTypes,
    options?: RequestOptions
  ): ReadablePromise<Bundle<ExtractResource<K>>> {
    return this.getBundle(this.fhirSearchUrl(resourceType, query), options);
  }

  /** Searches for the first match (adds _count=1); answers it or undefined. */
  async searchOne<K extends ResourceType>(
    resourceType: K,
    query?: QueryTypes,
    options?: RequestOptions
  ): Promise<ExtractResource<K> | undefined> {
    const url = this.fhirSearchUrl(resourceType, query);
    url.searchParams.set('_count', '1');
    url.searchParams.sort();
    const bundle = await this.getBundle<ExtractResource<K>>(url, options);
    return bundle.entry?.[0]?.resource;
  }

  /** Searches and answers the matching resources, with the Bundle as `bundle`; Suspense can `read()` them. */
  searchResources<K extends ResourceType>(
    resourceType: K,
    query?: QueryTypes,
    options?: RequestOptions
  ): ReadablePromise<ResourceArray<ExtractResource<K>>> {
    return ReadablePromise.derive(this.search(resourceType, query, options), toResourceArray);
  }

  /** Yields every page of a search (pages of _count 1000 unless set), following next links. */
  async *searchResourcePages<K extends ResourceType>(
    resourceType: K,
    query?: QueryTypes,
    options?: RequestOptions
  ): AsyncGenerator<ResourceArray<ExtractResource<K>>> {
    const first = this.fhirSearchUrl(resourceType, query);
    if (!first.searchParams.has('_count')) first.searchParams.set('_count', '1000');
    let url: string | undefined = first.toString();
    while (url) {
      const bundle: Bundle<ExtractResource<K>> = await this.getBundle(url, options);
      const next = bundle.link?.find((link) => link.relation === 'next')?.url;
      if (!bundle.entry?.length && !next) break;
      yield toResourceArray(bundle);
      url = next;
    }
  }

  /** Expands a ValueSet (GET ValueSet/$expand). */
  async valueSetExpand(params: ValueSetExpandParams, options?: RequestOptions): Promise<ValueSet> {
    const url = this.fhirUrl('ValueSet', '$expand');
    url.search = getQueryString(params as QueryTypes);
    return expectResource(await this.get(url, options), 'ValueSet');
  }

  /** Runs a GraphQL query (POST $graphql). */
  graphql(query: string, operationName?: string | null, variables?: any, options?: RequestOptions): Promise<any> {
    return this.post(this.fhirUrl('$graphql'), { query, operationName, variables }, ContentType.JSON, options);
  }

  /** A type's fields from the server's StructureDefinition, with its search parameters (GraphQL); kept per client. */
  requestSchema(resourceType: string, options?: RequestOptions): Promise<TypeSchema> {
    return loadSchema().then((schema) => schema.requestSchema(this, resourceType, options));
  }

  /** A profile's fields by canonical URL (POST StructureDefinition/$expand-profile?url=); kept per client. */
  requestProfileSchema(url: string, options?: RequestOptions): Promise<TypeSchema> {
    return loadSchema().then((schema) => schema.requestProfileSchema(this, url, options));
  }

  // ---------------------------------------------------------------- writes

  /** Creates a resource (POST {type}). */
  async createResource<T extends Resource>(resource: T, options?: RequestOptions): Promise<T> {
    if (!resource?.resourceType) missing('Missing resourceType');
    return this.afterWrite(
      resource.resourceType,
      await this.post(this.fhirUrl(resource.resourceType), resource, undefined, options)
    );
  }

  /** Creates a resource unless one matches the query (If-None-Exist); answers the new or the existing one. */
  async createResourceIfNoneExist<T extends Resource>(
    resource: T,
    query: QueryTypes,
    options: RequestOptions = {}
  ): Promise<T> {
    if (!resource?.resourceType) missing('Missing resourceType');
    const headers = { ...options.headers, 'If-None-Exist': getQueryString(query) };
    return this.afterWrite(
      resource.resourceType,
      await this.post(this.fhirUrl(resource.resourceType), resource, undefined, { ...options, headers })
    );
  }

  /** Creates or updates the resource that matches the query (PUT {type}?query). */
  async upsertResource<T extends Resource>(resource: T, query: QueryTypes, options?: RequestOptions): Promise<T> {
    if (!resource?.resourceType) missing('Missing resourceType');
    const result = await this.put(this.fhirSearchUrl(resource.resourceType, query), resource, undefined, options);
    return this.afterWrite(resource.resourceType, result ?? resource);
  }

  /** Updates a resource (PUT {type}/{id}). */
  async updateResource<T extends Resource>(resource: T, options?: RequestOptions): Promise<T> {
    if (!resource?.resourceType) missing('Missing resourceType');
    if (!resource.id) missing('Missing id');
    const result = await this.put(this.fhirUrl(resource.resourceType, resource.id), resource, undefined, options);
    // A server may answer an update with no body (304, or return=minimal): the sent resource is then the best we know.
    return this.afterWrite(resource.resourceType, result ?? resource, resource.id);
  }

  /** Patches a resource with JSON Patch operations. */
  async patchResource<K extends ResourceType>(
    resourceType: K,
    id: string,
    operations: any[],
    options?: RequestOptions
  ): Promise<ExtractResource<K>> {
    if (!id) missing('Missing id');
    return this.afterWrite(resourceType, await this.patch(this.fhirUrl(resourceType, id), operations, options), id);
  }

  /** Deletes a resource. */
  async deleteResource(resourceType: ResourceType, id: string, options?: RequestOptions): Promise<any> {
    if (!id) missing('Missing id');
    const result = await this.delete(this.fhirUrl(resourceType, id), options);
    this.afterWrite(resourceType, undefined, id);
    return result;
  }

  /** Validates a resource on the server (POST {type}/$validate); answers the OperationOutcome. */
  async validateResource<T extends Resource>(resource: T, options?: RequestOptions): Promise<OperationOutcome> {
    if (!resource?.resourceType) missing('Missing resourceType');
    return this.post(this.fhirUrl(resource.resourceType, '$validate'), resource, undefined, options);
  }

  /** Sends a batch or transaction Bundle to the FHIR base. */
  async executeBatch(bundle: Bundle, options?: RequestOptions): Promise<Bundle> {
    return expectResource(await this.post(this.options.fhirBaseUrl, bundle, undefined, options), 'Bundle');
  }

  /** Runs a Bot by id, or by identifier (Bot/$execute?identifier=system|value). */
  executeBot(
    idOrIdentifier: string | Identifier,
    body: any,
    contentType?: string,
    options?: RequestOptions
  ): Promise<any> {
    let url: URL;
    if (typeof idOrIdentifier === 'string') {
      url = this.fhirUrl('Bot', idOrIdentifier, '$execute');
    } else {
      url = this.fhirUrl('Bot', '$execute');
      url.searchParams.set('identifier', `${idOrIdentifier.system ?? ''}|${idOrIdentifier.value ?? ''}`);
    }
    return this.post(url, body, contentType, options);
  }

  /** Sends an email through the server (POST email/v1/send). */
  sendEmail(email: EmailMessage, options?: RequestOptions): Promise<OperationOutcome> {
    return this.post('email/v1/send', email, ContentType.JSON, options);
  }

  /** Pushes a message to an Agent (POST Agent/{id}/$push). */
  async pushToAgent(
    agent: Resource | Reference,
    destination: Device | Reference | string,
    body: any,
    contentType?: string,
    waitForResponse?: boolean,
    waitTimeout?: number,
    options?: RequestOptions
  ): Promise<any> {
    const agentId = resolveId(agent);
    if (!agentId) missing('Invalid reference');
    return this.post(
      this.fhirUrl('Agent', agentId, '$push'),
      {
        destination: typeof destination === 'string' ? destination : getReferenceString(destination),
        body,
        contentType,
        waitForResponse,
        waitTimeout,
      },
      ContentType.FHIR_JSON,
      options
    );
  }

  /** Starts a bulk export ([type/]$export, Prefer: respond-async) and polls until the manifest is ready. */
  bulkExport(exportLevel = '', resourceTypes?: string, since?: string, options: RequestOptions = {}): Promise<any> {
    const url = this.fhirUrl(`${exportLevel ? exportLevel + '/' : ''}$export`);
    if (resourceTypes) url.searchParams.set('_type', resourceTypes);
    if (since) url.searchParams.set('_since', since);
    return this.post(url, undefined, undefined, {
      ...options,
      pollStatusOnAccepted: true,
      headers: { ...options.headers, Prefer: 'respond-async' },
    });
  }

  // ---------------------------------------------------------------- binary

  /** Uploads data as a Binary (POST Binary?_filename=...); with onProgress the upload reports progress. A File with no name is ignored. */
  createBinary<T extends BinarySource>(
    options: CreateBinaryOptions<T>,
    requestOptions?: RequestOptions
  ): Promise<BinaryResult<T, Binary>>;
  createBinary<T extends BinarySource>(
    data: T,
    filename: string | undefined,
    contentType: string,
    onProgress?: (event: ProgressEvent) => void,
    options?: RequestOptions
  ): Promise<BinaryResult<T, Binary>>;
  async createBinary(
    arg1: BinarySource | CreateBinaryOptions,
    arg2?: string | RequestOptions,
    arg3?: string,
    arg4?: (event: ProgressEvent) => void,
    arg5?: RequestOptions
  ): Promise<Binary | undefined> {
    const [binary, options = {}] = binaryArgs(arg1, arg2, arg3, arg4, arg5);
    const { data, filename, securityContext, onProgress } = binary;
    if (isUnnamedFile(data, filename)) return undefined;
    const contentType = binaryContentType(data, binary.contentType);
    const url = this.fhirUrl('Binary');
    if (filename) url.searchParams.set('_filename', filename);
    const headers = { ...options.headers };
    if (securityContext?.reference) headers['X-Security-Context'] = securityContext.reference;
    if (!onProgress) return this.post(url, data, contentType, { ...options, headers });
    await this.prepareSession();
    return uploadWithProgress(
      url.toString(),
      data,
      { ...this.requestHeaders({ headers }), 'Content-Type': contentType },
      onProgress,
      options.signal
    );
  }

  /** Uploads data as a Binary and answers an Attachment {contentType, url, title} pointing to it. */
  createAttachment<T extends BinarySource>(
    options: CreateBinaryOptions<T>,
    requestOptions?: RequestOptions
  ): Promise<BinaryResult<T, Attachment>>;
  createAttachment<T extends BinarySource>(
    data: T,
    filename: string | undefined,
    contentType: string,
    onProgress?: (event: ProgressEvent) => void,
    options?: RequestOptions
  ): Promise<BinaryResult<T, Attachment>>;
  async createAttachment(
    arg1: BinarySource | CreateBinaryOptions,
    arg2?: string | RequestOptions,
    arg3?: string,
    arg4?: (event: ProgressEvent) => void,
    arg5?: RequestOptions
  ): Promise<Attachment | undefined> {
    const [binary, options] = binaryArgs(arg1, arg2, arg3, arg4, arg5);
    const result = await this.createBinary(binary, options);
    if (!result) return undefined;
    return {
      contentType: result.contentType ?? binaryContentType(binary.data, binary.contentType),
      url: (result as Binary & { url?: string }).url,
      title: binary.filename,
    };
  }

  /** Creates a Media: status preparation, then the upload, then status completed with the attachment as content. */
  async uploadMedia(
    contents: BinarySource,
    contentType: string,
    filename: string | undefined,
    additionalFields?: Partial<Media>,
    options?: RequestOptions
  ): Promise<Media> {
    const media = await this.createResource<Media>(
      { resourceType: 'Media', status: 'preparation', content: { contentType }, ...additionalFields },
      options
    );
    const content = await this.createAttachment(
      { data: contents, contentType, filename, securityContext: { reference: `Media/${media.id}` } },
      options
    );
    if (!content) return media;
    return this.updateResource({ ...media, status: 'completed', content }, options);
  }

  /** Same as uploadMedia. */
  createMedia(
    contents: BinarySource,
    contentType: string,
    filename: string | undefined,
    additionalFields?: Partial<Media>,
    options?: RequestOptions
  ): Promise<Media> {
    return this.uploadMedia(contents, contentType, filename, additionalFields, options);
  }

  /** Uploads a file as a Binary, then creates a DocumentReference (status current) with it as content[0].attachment. */
  async createDocumentReference(
    contents: BinarySource,
    contentType: string,
    filename: string | undefined,
    additionalFields?: Partial<DocumentReference>,
    options?: RequestOptions
  ): Promise<DocumentReference> {
    const attachment = await this.createAttachment({ data: contents, contentType, filename }, options);
    return this.createResource<DocumentReference>(
      {
        resourceType: 'DocumentReference',
        status: 'current',
        ...additionalFields,
        content: [{ attachment: attachment ?? { contentType } }],
      },
      options
    );
  }

  /** Makes a PDF with the createPdf option and uploads it as a Binary; throws 'PDF creation not enabled' without it. */
  createPdf(options: CreatePdfOptions, requestOptions?: RequestOptions): Promise<Binary>;
  createPdf(docDefinition: any, filename?: string, tableLayouts?: any, fonts?: any): Promise<Binary>;
  async createPdf(arg1: any, arg2?: any, arg3?: any, arg4?: any): Promise<Binary> {
    const impl = this.options.createPdf;
    if (!impl) throwError('PDF creation not enabled', 'not-supported');
    const objectForm = arg1 && typeof arg1 === 'object' && 'docDefinition' in arg1;
    const pdf: CreatePdfOptions = objectForm
      ? arg1
      : { docDefinition: arg1, filename: arg2, tableLayouts: arg3, fonts: arg4 };
    const blob = await impl(pdf.docDefinition, pdf.tableLayouts, pdf.fonts);
    return this.createBinary(
      { data: blob, filename: pdf.filename, contentType: ContentType.PDF, onProgress: pdf.onProgress },
      objectForm ? arg2 : undefined
    ) as Promise<Binary>;
  }

  // ---------------------------------------------------------------- subscriptions (MedplumClient's names)

  /** The client's websocket SubscriptionManager, loaded and created on first use. */
  getSubscriptionManager(): Promise<SubscriptionManager> {
    return getClientSubscriptionManager(this);
  }

  /** Subscribes to a search criteria over the websocket; repeat calls share one subscription. */
  subscribeToCriteria(criteria: string, subscriptionProps?: Partial<Subscription>): SubscriptionEmitter {
    return subscribeClientToCriteria(this, criteria, subscriptionProps);
  }

  /** Drops one use of a criteria subscribed with subscribeToCriteria; the last one unbinds it. */
  unsubscribeFromCriteria(criteria: string, _subscriptionProps?: Partial<Subscription>): void {
    unsubscribeClientFromCriteria(this, criteria);
  }

  // ---------------------------------------------------------------- cache

  /** A cached resource, if any (never fetches). */
  getCached<K extends ResourceType>(resourceType: K, id: string): ExtractResource<K> | undefined {
    return this.#cache.getResource(`${resourceType}/${id}`) as ExtractResource<K> | undefined;
  }

  /** The cached resource a Reference points to, if any. */
  getCachedReference<T extends Resource = Resource>(reference: Reference): T | undefined {
    return this.#cache.getReference<T>(reference);
  }

  /** Forgets the cached answer of one URL. */
  invalidateUrl(url: URL | string): void {
    this.#cache.invalidateUrl(this.resolveUrl(url));
  }

  /** Forgets every cached answer and resource. */
  invalidateAll(): void {
    // SessionClient's constructor may sign out (and so invalidate) before this class's fields exist.
    if (#cache in this) this.#cache.invalidateAll();
  }

  /** Forgets every cached search of a resource type. */
  invalidateSearches(resourceType: ResourceType): void {
    this.#cache.invalidateSearches(resourceType);
  }

  /** Subscribes to cache changes; answers the unsubscribe function. */
  onCacheChange(listener: CacheChangeListener): () => void {
    return this.#cache.subscribe(listener);
  }

  private afterWrite<T extends Resource>(resourceType: ResourceType, result: T | undefined, id?: string): T {
    return this.#cache.afterWrite(resourceType, result, id);
  }

  private getBundle<T extends Resource = Resource>(
    url: URL | string,
    options?: RequestOptions
  ): ReadablePromise<Bundle<T>> {
    return ReadablePromise.derive(this.get(url, options), (value) => expectResource<Bundle<T>>(value, 'Bundle'));
  }
}

function binaryArgs(
  arg1: BinarySource | CreateBinaryOptions,
  arg2?: string | RequestOptions,
  arg3?: string,
  arg4?: (event: ProgressEvent) => void,
  arg5?: RequestOptions
): [CreateBinaryOptions, RequestOptions | undefined] {
  if (arg1 && typeof arg1 === 'object' && 'data' in arg1) return [arg1, arg2 as RequestOptions | undefined];
  return [
    { data: arg1 as BinarySource, filename: arg2 as string | undefined, contentType: arg3, onProgress: arg4 },
    arg5,
  ];
}
