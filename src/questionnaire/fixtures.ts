// Test support: where the conformance suites read the real-world questionnaires. Not exported
// from the package. Paths from the project root (vitest's working directory): under jsdom
// import.meta.url is not a file URL.
import { resolve } from 'node:path';

/** The committed snapshot of ../shared/fixtures/questionnaires (fixtures/README.md). */
export const QUESTIONNAIRE_FIXTURES = resolve(process.cwd(), 'fixtures/questionnaires');

/** The project's shared copy next to the checkout, which the snapshot must equal where it exists. */
export const SHARED_QUESTIONNAIRE_FIXTURES = resolve(process.cwd(), '../shared/fixtures/questionnaires');
