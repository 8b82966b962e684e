// The server's CapabilityStatement: every storable type, its interactions and search parameters.
import type { CapabilityStatement } from '../../../src/fhir/types';
import { indexedParameters } from '../search/parameters';
import { FHIR_RESOURCE_TYPES, NON_STORABLE_TYPES } from '../core/resource-types';

const INTERACTIONS = [
  'read',
  'vread',
  'update',
  'patch',
  'delete',
  'history-instance',
  'history-type',
  'create',
  'search-type',
] as const;

/** Builds the CapabilityStatement for a base URL. */
export function capabilityStatement(baseUrl: string): CapabilityStatement {
  const types = [...FHIR_RESOURCE_TYPES].filter((t) => !NON_STORABLE_TYPES.has(t)).sort();
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: new Date().toISOString(),
    kind: 'instance',
    software: { name: 'fhir-portal-kit reference server' },
    implementation: { description: 'fhir-portal-kit reference FHIR server', url: `${baseUrl}fhir/R4` },
    fhirVersion: '4.0.1',
    format: ['json', 'application/fhir+json'],
    patchFormat: ['application/json-patch+json'],
    rest: [
      {
        mode: 'server',
        security: {
          cors: true,
          service: [
            {
              coding: [
                { system: 'http://terminology.hl7.org/CodeSystem/restful-security-service', code: 'SMART-on-FHIR' },
              ],
            },
          ],
          description: 'Bearer tokens from the login protocol or SMART App Launch, or client credentials (basic)',
          // Where a SMART client without .well-known/smart-configuration finds the endpoints.
          extension: [
            {
              url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
              extension: [
                { url: 'authorize', valueUri: `${baseUrl}oauth2/authorize` },
                { url: 'token', valueUri: `${baseUrl}oauth2/token` },
                { url: 'revoke', valueUri: `${baseUrl}oauth2/logout` },
              ],
            },
          ],
        },
        interaction: [{ code: 'transaction' }, { code: 'batch' }, { code: 'history-system' }],
        resource: types.map((type) => ({
          type,
          interaction: INTERACTIONS.map((code) => ({ code })),
          versioning: 'versioned-update',
          readHistory: true,
          updateCreate: true,
          conditionalCreate: true,
          conditionalUpdate: true,
          searchParam: [
            { name: '_id', type: 'token' },
            { name: '_lastUpdated', type: 'date' },
            ...indexedParameters(type).map(({ code, details }) => ({ name: code, type: details.type })),
          ],
          ...(type === 'ValueSet'
            ? { operation: [{ name: 'expand', definition: 'http://hl7.org/fhir/OperationDefinition/ValueSet-expand' }] }
            : {}),
          ...(type === 'Patient'
            ? {
                operation: [
                  { name: 'everything', definition: 'http://hl7.org/fhir/OperationDefinition/Patient-everything' },
                ],
              }
            : {}),
        })),
        operation: [{ name: 'validate', definition: 'http://hl7.org/fhir/OperationDefinition/Resource-validate' }],
      },
    ],
  };
}
