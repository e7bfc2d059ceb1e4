/**
 * Runs in the page (pass it to `page.evaluate`): types each text into the filter `input` as one
 * keystroke and times it from the keystroke to the frame after the list's grid shows that filter
 * (its `data-keyword`), so each figure is what a person waits for before the rows change.
 * Self-contained: the browser receives it as source.
 */
export async function timeFilterKeystrokes({ input: selector, texts }: { input: string; texts: string[] }) {
  const input = document.querySelector<HTMLInputElement>(selector)!;
  const grid = document.querySelector<HTMLElement>('[role="grid"]')!;
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  const frame = () => new Promise<number>((r) => requestAnimationFrame(() => r(performance.now())));
  const committed = (text: string) =>
    new Promise<void>((resolve) => {
      if (grid.dataset.keyword === text) return resolve();
      const observer = new MutationObserver(() => {
        if (grid.dataset.keyword !== text) return;
        observer.disconnect();
        resolve();
      });
      observer.observe(grid, { attributes: true, attributeFilter: ['data-keyword'] });
    });
  input.focus();
  const times: number[] = [];
  for (const text of texts) {
    await frame();
    const started = performance.now();
    setValue.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await committed(text);
    // The frame after the commit is when the new rows are on screen.
    times.push((await frame()) - started);
  }
  return times;
}
