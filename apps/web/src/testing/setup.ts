/**
 * Every web test file: after each test, React Testing Library unmounts what it rendered. Without
 * vitest's globals it does not register that itself, and a root left mounted may still render after
 * the file's jsdom is gone ("window is not defined" once the lazy first screens landed, issue 13).
 */
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});

// `findBy…` and `waitFor` wait up to 5 s instead of 1 s: a screen that answers in 50 ms on a quiet
// machine took over a second on a 2-core one running the whole suite beside other work. A passing
// test is no slower; only a failing one waits longer to say so.
configure({ asyncUtilTimeout: 5000 });
