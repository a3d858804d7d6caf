import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The files of a worker share one module graph (vitest.config.ts, which also puts stubbed globals back), so what a
// test leaves behind in a module is undone here: the drawn page, fake timers, and Mantine's notification store,
// which would otherwise show one test's toasts to the next.
afterEach(() => {
  cleanup();
  notifications.clean();
  vi.useRealTimers();
});

// `findBy…` waits up to 5 s, not 1: a page's first render (and a lazily loaded chart) can take seconds on a shared
// 2-core machine running the whole suite.
configure({ asyncUtilTimeout: 5000 });

// Mantine reads these browser APIs, which happy-dom leaves out.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
