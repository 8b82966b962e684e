import type { RequestOptions } from '../transport';

/** The part of FhirClient the platform operations use: URLs and the HTTP verbs. */
export interface PlatformClient {
  fhirUrl(...path: string[]): URL;
  get<T = any>(url: URL | string, options?: RequestOptions): Promise<T>;
  post<T = any>(url: URL | string, body?: any, contentType?: string, options?: RequestOptions): Promise<T>;
  put<T = any>(url: URL | string, body: any, contentType?: string, options?: RequestOptions): Promise<T>;
  delete<T = any>(url: URL | string, options?: RequestOptions): Promise<T>;
}
