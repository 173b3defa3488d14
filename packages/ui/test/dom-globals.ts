/** Browser globals jsdom lacks that the app's libraries read; imported before any of them. */
import { TextDecoder, TextEncoder } from 'node:util';

// react-router encodes URLs with these.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Mantine reads these on mount; jsdom has none of them.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  class NoResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver: NoResizeObserver });
}
Element.prototype.scrollIntoView ??= () => undefined;
