// The context FhirProvider fills, apart from the provider so that hooks which work with or
// without a client (the request primitive under the edit inputs' searches) can read it
// without it becoming part of the package's API.
import { createContext } from 'react';
import type { FhirClient } from '../client';

export const FhirClientContext = /* @__PURE__ */ createContext<FhirClient | undefined>(undefined);
FhirClientContext.displayName = 'FhirClientContext';
