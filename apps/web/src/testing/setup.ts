/**
 * Every web test file: after each test, React Testing Library unmounts what it rendered. Without
 * vitest's globals it does not register that itself, and a root left mounted may still render after
 * the file's jsdom is gone ("window is not defined" once the lazy first screens landed, issue 13).
 */
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});
