// Whether the SMART launch's patient is who a page is about by default (FhirProvider's
// `subjectFromLaunch`), apart from the provider so the hooks read it without it being API.
// No displayName: an assignment is a side effect, and would keep the context in every bundle
// that has the provider's module, used or not.
import { createContext } from 'react';

export const SubjectFromLaunchContext = /* @__PURE__ */ createContext(false);
