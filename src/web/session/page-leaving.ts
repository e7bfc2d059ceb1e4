/**
 * Whether this page is being left: reloaded, closed or sent elsewhere. The browser then cuts off
 * the page's requests still in flight, and a request cut off that way has no outcome to act on:
 * read as a failure, it would end the session just before the page that would have restored it.
 */
let leaving = false;

// Tests of the session machine load this module without a page.
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', () => {
    leaving = true;
  });
  window.addEventListener('pagehide', () => {
    leaving = true;
  });
  // Back from the back-forward cache: the same page, alive again.
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
}

export const pageIsLeaving = () => leaving;

/** What a request cut off by the page's departure resolves to: nothing, ever. */
export const never = <T>() => new Promise<T>(() => undefined);
