/**
 * A browser saves the file of a link with a `download` attribute and stays on the page; the test
 * DOM (happy-dom) follows the link instead, leaving the page for `blob:…` and then `about:blank`,
 * so every later test of the file would render into an empty window. This keeps the page, as a
 * browser does, for every web test that downloads something.
 */
if (typeof document !== 'undefined') {
  document.addEventListener(
    'click',
    (event) => {
      const link = event.target instanceof Element ? event.target.closest('a[download]') : null;
      if (link) event.preventDefault();
    },
    { capture: true },
  );
}
