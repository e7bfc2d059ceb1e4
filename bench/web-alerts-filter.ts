/**
 * Alert list budget (DESIGN section 10): with 100 000 alerts loaded, a keystroke in the filter or
 * a sort repaints in under 50 ms. `npx tsx bench/web-alerts-filter.ts` (needs `npx vite build`
 * first; not part of npm test).
 *
 * Seeds a temporary PGlite data folder with 100 000 alerts, starts the real server on it, signs in
 * with Chromium, opens /alerts with the largest page size (100) and waits until every row is
 * loaded. Then it types filter text one key at a time: the filter runs over every loaded row and
 * the page shows the first 100 matches; each sample runs from just before the input event to the
 * first animation frame after React committed the filtered rows (the grid's data-keyword shows
 * the keyword its rows were filtered by). Then it sorts: each visible column's header is clicked
 * three times (ascending, descending, unsorted), each sample running from the click to the first
 * frame after the commit that changed the header's aria-sort (rendered with the sorted rows).
 * The baselines, measured in the same page and run, are a plain Array.filter and a plain
 * Array.sort of the same rows, without React.
 */

import { timeFilterKeystrokes } from './lib/keystroke-timing.ts';
import { seededConsole, signedInPage } from './lib/seeded-console.ts';
import { percentile, report } from './lib/stats.ts';

const ALERTS = Number(process.env.BENCH_ALERTS ?? 100_000);
const PORT = Number(process.env.BENCH_PORT ?? 8491);
const TARGET_MS = 50;
/** Filter texts typed key by key: ~30 keystrokes that narrow, widen and clear. */
const WORDS = ['powershell', 'acme', 'status:new', 'web-0'];
/** The columns shown by default, each sorted ascending, descending, then back to unsorted. */
const SORT_COLUMNS = ['id', 'title', 'customer_id', 'status', 'priority', '@timestamp', 'updated_at'];
const SORT_STEPS = ['asc', 'desc', null] as const;
const bench = seededConsole(PORT);

/** The keystrokes: each word typed letter by letter, then cleared. */
function keystrokes(): string[] {
  const texts: string[] = [];
  for (const word of WORDS) {
    for (let i = 1; i <= word.length; i++) texts.push(word.slice(0, i));
    texts.push('');
  }
  return texts;
}

async function measure() {
  const { browser, page } = await signedInPage(bench.base, '/alerts');
  try {
    await page.getByLabel('Rows').selectOption('100');
    const grid = page.getByRole('grid', { name: 'Alerts' });
    await grid.and(page.locator('[aria-busy="false"]')).waitFor({ timeout: 300_000 });
    // The pager's range ends with the number of rows the filter runs over ("1–100 of 100,000").
    const range = (await page.locator('.pager__range').first().textContent()) ?? '';
    const loaded = Number(/([\d,]+)\s*$/.exec(range)?.[1]?.replace(/,/g, '') ?? 0);
    console.log(`Loaded ${loaded.toLocaleString('en-GB')} rows in the list.`);

    const texts = keystrokes();
    const samples = await page.evaluate(timeFilterKeystrokes, {
      input: 'input[type="search"][placeholder^="Filter"]',
      texts,
    });

    const sorts = await page.evaluate(
      async ({ columns, steps }) => {
        const frame = () => new Promise<number>((r) => requestAnimationFrame(() => r(performance.now())));
        const times: number[] = [];
        for (const column of columns) {
          const cell = document.querySelector<HTMLElement>(
            `.alerts-row--header .alerts-cell--${column.replace('@', '')}`,
          )!;
          const button = cell.querySelector('button')!;
          for (let step = 0; step < steps; step++) {
            const before = cell.getAttribute('aria-sort');
            const changed = new Promise<void>((resolve) => {
              const observer = new MutationObserver(() => {
                if (cell.getAttribute('aria-sort') === before) return;
                observer.disconnect();
                resolve();
              });
              observer.observe(cell, { attributes: true, attributeFilter: ['aria-sort'] });
            });
            await frame();
            const started = performance.now();
            button.click();
            await changed;
            times.push((await frame()) - started);
          }
        }
        return times;
      },
      { columns: SORT_COLUMNS, steps: SORT_STEPS.length },
    );

    // Baselines: the same rows, fetched the way the list does, filtered with a plain Array.filter
    // and sorted with a plain Array.sort.
    const baseline = await page.evaluate(
      async ({ texts, columns, steps }) => {
        const session = JSON.parse(localStorage.getItem('watchfloor.session') ?? '{}') as {
          token?: { access_token: string };
        };
        const headers = { Authorization: `Bearer ${session.token?.access_token ?? ''}` };
        type Row = Record<string, unknown>;
        const rows: Row[] = [];
        let after: string | null = null;
        do {
          const query = new URLSearchParams({ batch_size: '10000', sort: '@timestamp', order: 'desc' });
          if (after) query.set('search_after', after);
          const page = (await (await fetch(`/api/alerts/v1/alerts/?${query}`, { headers })).json()) as {
            alerts: Row[];
            search_after: string | null;
          };
          rows.push(...page.alerts);
          after = page.search_after;
        } while (after && rows.length < 100_000);
        const filter: number[] = [];
        for (const text of texts) {
          const q = text.toLowerCase();
          const started = performance.now();
          rows.filter((r) =>
            [
              r.title,
              r.type,
              r.status,
              r.priority,
              r.host_name,
              r.host_os,
              r.log_level,
              r.external_source,
              r.customer_id,
            ]
              .join('\n')
              .toLowerCase()
              .includes(q),
          );
          filter.push(performance.now() - started);
        }
        const sort: number[] = [];
        for (const column of columns) {
          for (const direction of steps) {
            // Unsorted is the loaded order: newest first.
            const key = direction ? column : '@timestamp';
            const sign = direction === 'asc' ? 1 : -1;
            const started = performance.now();
            rows.slice().sort((a, b) => {
              const x = a[key] as string | number | null;
              const y = b[key] as string | number | null;
              if (x === y) return 0;
              if (x === null) return 1;
              if (y === null) return -1;
              return x < y ? -sign : sign;
            });
            sort.push(performance.now() - started);
          }
        }
        return { filter, sort };
      },
      { texts, columns: SORT_COLUMNS, steps: [...SORT_STEPS] },
    );
    return { samples, sorts, baseline };
  } finally {
    await browser.close();
  }
}

try {
  await bench.seed(['--alerts', String(ALERTS)]);
  await bench.start();
  const { samples, sorts, baseline } = await measure();
  const p95 = percentile(samples, 95);
  const sortP95 = percentile(sorts, 95);
  report(`Alert list filter, ${ALERTS.toLocaleString('en-GB')} alerts, ${samples.length} keystrokes`, [
    {
      name: 'keystroke to paint (React, deferred filter)',
      p50: percentile(samples, 50),
      p95,
      baselineP95: percentile(baseline.filter, 95),
      target: `< ${TARGET_MS} ms`,
    },
    {
      name: 'baseline: plain Array.filter, no React',
      p50: percentile(baseline.filter, 50),
      p95: percentile(baseline.filter, 95),
    },
  ]);
  report(`Alert list sort, ${ALERTS.toLocaleString('en-GB')} alerts, ${sorts.length} header clicks`, [
    {
      name: 'click to paint (React)',
      p50: percentile(sorts, 50),
      p95: sortP95,
      baselineP95: percentile(baseline.sort, 95),
      target: `< ${TARGET_MS} ms`,
    },
    {
      name: 'baseline: plain Array.sort, no React',
      p50: percentile(baseline.sort, 50),
      p95: percentile(baseline.sort, 95),
    },
  ]);
  const within = p95 < TARGET_MS && sortP95 < TARGET_MS;
  console.log(
    `\n${within ? 'Within budget' : 'OVER BUDGET'} (filter p95 ${p95.toFixed(1)} ms, sort p95 ${sortP95.toFixed(1)} ms).`,
  );
} finally {
  await bench.close();
}
