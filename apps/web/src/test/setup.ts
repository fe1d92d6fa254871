import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// The first render of a lazy route transforms its modules; give findBy* time on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
