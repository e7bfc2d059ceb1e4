import type { Frame, Page } from '@playwright/test';
import axe from 'axe-core';

type Axe = typeof axe;

/**
 * axe-core run straight in the page. @axe-core/playwright's AxeBuilder evaluated axe's 600 KB
 * source twice a check and, by default, finished each check in a new blank page: 3 to 13 s a
 * check on a busy two-core machine, where axe's own run takes under half a second. Here axe is
 * put into each frame once per page load and run with `axe.run`, which tests same-origin frames
 * as AxeBuilder's same-origin mode does.
 */
export async function axeResults(page: Page, options: axe.RunOptions, within?: string) {
  await Promise.all(page.frames().map(withAxe));
  return page.evaluate(
    async ({ options, within }) => {
      // The page as a person reads it, at rest: a toast still fading in has the colours of half
      // its opacity, which axe measured as too little contrast. Endless ones (a spinner) run on.
      const settling = document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity,
        )
        .map((animation) => animation.finished.catch(() => undefined));
      await Promise.all(settling);
      return (window as unknown as { axe: Axe }).axe.run(within ?? document, options);
    },
    { options, within },
  );
}

/**
 * Puts axe into a frame that lacks it. A frame axe cannot enter within a second (the PDF viewer of
 * a report's preview) is left out, as AxeBuilder leaves it.
 */
async function withAxe(frame: Frame) {
  const inject = async () => {
    if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(axe.source);
  };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, 1000);
  });
  await Promise.race([inject().catch(() => undefined), timeout]);
  clearTimeout(timer);
}
