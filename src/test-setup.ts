import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// `findBy*` and `waitFor` wait for what a user would wait for: a chunk loaded on demand, a
// debounced search. On a loaded 2-core CI machine transforming such a chunk took over the default
// 1 s, so a test failed on the machine's speed, not the behaviour; 5 s still fails a test whose
// element never comes.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});
