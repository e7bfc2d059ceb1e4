import { beforeAll } from 'vitest';

/**
 * The test DOM (happy-dom) has no layout: cmdk scrolls the highlighted option into view and measures its list, and
 * react-window measures its viewport. Stubs both for the calling test file.
 */
export function stubLayout() {
  beforeAll(() => {
    Element.prototype.scrollIntoView ??= () => undefined;
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
  });
}
