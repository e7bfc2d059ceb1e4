import { expect, type Page } from '@playwright/test';
import { apiHeaders } from './api-calls.ts';
import { ADMIN, ANALYST, signIn, tabTo, test } from './support.ts';

/**
 * The shared table rules (spec 1, sections 4.6 and 9) on every list built from the list kit:
 * a column's sort cycles ascending, descending, unsorted (the order on screen changes each
 * time), the page size changes what one page holds, and the top bar's customer filter narrows
 * the rows.
 */
interface Screen {
  path: string;
  heading: string;
  grid: string;
  /** The column whose sort is cycled. */
  column: string;
  /** What the first row shows once the filter holds only Acme Corp (none: rows name no customer). */
  acme?: string;
  /** Rows the list needs that the demo data lacks, made through the API before the screen opens. */
  prepare?(page: Page): Promise<void>;
}

/** Active mutes for Acme Corp and another customer, so the customer column has two values. */
async function twoCustomersMutes(page: Page) {
  const headers = await apiHeaders(page);
  const listed = await page.request.get('/api/management/customers', { headers });
  expect(listed.status(), await listed.text()).toBe(200);
  const { customers } = (await listed.json()) as { customers: { customer_id: string; name: string }[] };
  const acme = customers.find((c) => c.name === 'Acme Corp');
  const other = customers.find((c) => c.name !== 'Acme Corp');
  expect(acme && other).toBeTruthy();
  for (const customer of [acme!, other!]) {
    const created = await page.request.post('/api/alerts/v1/mutes/', {
      headers,
      data: {
        customer_id: customer.customer_id,
        conditions: [{ field: 'title', operator: 'contains', value: `e2e-rules-${Date.now()}` }],
        description: 'List rules',
        ttl_seconds: 3600,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
}

const SCREENS: Screen[] = [
  { path: '/customers', heading: 'Customers', grid: 'Customers', column: 'Name', acme: 'Acme Corp' },
  { path: '/users', heading: 'Users', grid: 'Users', column: 'Email' },
  { path: '/agents', heading: 'Agents', grid: 'Agents', column: 'Host', acme: 'Acme Corp' },
  {
    path: '/domains',
    heading: 'Domains',
    grid: 'Monitored domains',
    column: 'Customer',
    acme: 'acme.example',
  },
  {
    path: '/vulnerabilities',
    heading: 'Vulnerabilities',
    grid: 'Vulnerabilities',
    column: 'Customer',
    acme: 'Acme Corp',
  },
  {
    path: '/alerts/muted',
    heading: 'Mute conditions',
    grid: 'Active mutes',
    column: 'Customer',
    acme: 'Acme Corp',
    prepare: twoCustomersMutes,
  },
  {
    path: '/log-retention',
    heading: 'Log retention',
    grid: 'Log retention',
    column: 'Customer',
    acme: 'Acme Corp',
  },
  // Sorted in the browser over every loaded alert; the ids never tie.
  { path: '/alerts', heading: 'Alerts', grid: 'Alerts', column: 'ID', acme: 'Acme Corp' },
  // Sorted by the server, a numbered page at a time ('Cases' is also the sorted grid's name).
  { path: '/cases', heading: 'Cases', grid: 'Cases', column: 'Alerts', acme: 'Acme Corp' },
];

const rowsOf = (page: Page, grid: string) =>
  page.getByRole('grid', { name: grid }).locator('[data-row-index]');

/** The text of one column in every row shown. */
async function columnTexts(page: Page, screen: Screen, column: string): Promise<string[]> {
  const grid = page.getByRole('grid', { name: screen.grid });
  const headers = await grid.getByRole('columnheader').allTextContents();
  const at = headers.findIndex((h) => h.trim() === column);
  expect(at).toBeGreaterThanOrEqual(0);
  return rowsOf(page, screen.grid).evaluateAll(
    (rows, i) => rows.map((row) => row.querySelectorAll('[role="gridcell"]')[i]?.textContent ?? ''),
    at,
  );
}

const sortedCopy = (texts: string[]) =>
  [...texts].sort((a, b) => a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' }));

for (const screen of SCREENS) {
  test(`${screen.heading}: sort cycle, page size and the customer filter`, async ({ page }) => {
    await signIn(page, ANALYST, screen.path);
    if (screen.prepare) {
      await screen.prepare(page);
      await page.reload();
    }
    await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
    const rows = rowsOf(page, screen.grid);
    await expect(rows.first()).toBeVisible();
    // A list read page by page (the alerts) has them all before it is counted.
    await expect(page.getByRole('grid', { name: screen.grid })).toHaveAttribute('aria-busy', 'false', {
      timeout: 30_000,
    });

    // Every row on one page first, so a sort's order is the whole list's (the grid draws the
    // rows in view, the first ones of that order).
    const size = page.getByRole('combobox', { name: 'Rows' });
    await expect(size).toHaveValue('10');
    const total =
      Number((await page.getByRole('grid', { name: screen.grid }).getAttribute('aria-rowcount')) ?? '1') - 1;
    await size.selectOption('100');
    await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText(
      `1–${Math.min(total, 100)} of ${total}`,
    );
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(Math.min(total, 16));

    const header = page.getByRole('columnheader', { name: screen.column, exact: true });
    const sortButton = header.getByRole('button');
    const unsorted = await columnTexts(page, screen, screen.column);
    // With the mouse: ascending.
    await sortButton.click();
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    // The rows are drawn again after the header says so: wait for the order on screen.
    const inOrder = (reverse: boolean) => async () => {
      const texts = await columnTexts(page, screen, screen.column);
      const expected = reverse ? sortedCopy(texts).reverse() : sortedCopy(texts);
      return texts.length > 0 && texts.join('\n') === expected.join('\n') ? texts : null;
    };
    await expect.poll(inOrder(false)).not.toBeNull();
    const ascending = (await inOrder(false)())!;
    // With the keyboard: descending (the other end of the list first), then unsorted again.
    await sortButton.focus();
    await page.keyboard.press('Enter');
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    // Descending: in order from the other end, so the first row differs.
    await expect
      .poll(async () => {
        const texts = await inOrder(true)();
        return texts !== null && texts[0] !== ascending[0];
      })
      .toBe(true);
    if (total <= ascending.length)
      await expect.poll(() => columnTexts(page, screen, screen.column)).toEqual([...ascending].reverse());
    await page.keyboard.press('Enter');
    await expect(header).toHaveAttribute('aria-sort', 'none');
    await expect.poll(() => columnTexts(page, screen, screen.column)).toEqual(unsorted);

    // A smaller page holds fewer rows and says so.
    await tabTo(page, size);
    await size.selectOption('10');
    await expect(rows).toHaveCount(Math.min(total, 10));
    await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText(
      `1–${Math.min(total, 10)} of ${total}`,
    );

    // The top bar's customer filter narrows the rows to Acme Corp's.
    const trigger = page.getByRole('button', { name: /Customer filter/ });
    await tabTo(page, trigger);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('searchbox', { name: 'Search customers' })).toBeFocused();
    await page.keyboard.type('Acme');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await expect(trigger).toContainText('Acme Corp');
    await expect
      .poll(
        async () =>
          Number(await page.getByRole('grid', { name: screen.grid }).getAttribute('aria-rowcount')) - 1,
      )
      .toBeLessThan(total);
    if (screen.acme) await expect(rows.first()).toContainText(screen.acme);
  });
}

/**
 * The administration's audit log, outbox and jobs: the API answers them newest first a page at
 * a time by its cursor and sorts them no other way, so no column sorts and only the paging is
 * checked: the page size (first the user's default) is what the API is asked for, and next and
 * previous turn the pages the cursor reaches.
 */
const ADMIN_LISTS = [
  { tab: 'audit', grid: 'Audit log', path: '/api/admin/v1/audit' },
  { tab: 'outbox', grid: 'Mail in the outbox', path: '/api/admin/v1/outbox' },
  { tab: 'jobs', grid: 'Background jobs', path: '/api/admin/v1/jobs' },
];

for (const list of ADMIN_LISTS) {
  test(`administration, ${list.grid}: page size and keyset paging`, async ({ page }) => {
    const asked = (size: number) =>
      page.waitForRequest(
        (r) =>
          r.url().includes(list.path) && new URL(r.url()).searchParams.get('batch_size') === String(size),
      );
    const first = asked(10);
    await signIn(page, ADMIN, `/admin#${list.tab}`);
    await first;
    const grid = page.getByRole('grid', { name: list.grid });
    const empty = page.getByRole('status').filter({ hasText: /No .* match/ });
    await expect(grid.or(empty)).toBeVisible();
    const rows = rowsOf(page, list.grid);
    expect(await rows.count()).toBeLessThanOrEqual(10);
    const pager = page.getByRole('navigation', { name: 'Pages' });
    if (!(await grid.isVisible())) return;
    await expect(pager).toContainText('Page 1');
    await expect(pager.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    const size = page.getByRole('combobox', { name: 'Rows' });
    await expect(size).toHaveValue('10');
    const larger = asked(25);
    await tabTo(page, size);
    await size.selectOption('25');
    await larger;
    await expect(pager).toContainText('Page 1');

    const next = pager.getByRole('button', { name: 'Next page' });
    if (await next.isDisabled()) return;
    // The second page's first row is the 26th of the list (the header row is the first).
    const after = page.waitForRequest(
      (r) => r.url().includes(list.path) && r.url().includes('search_after='),
    );
    await next.click();
    expect(new URL((await after).url()).searchParams.get('batch_size')).toBe('25');
    await expect(pager).toContainText('Page 2');
    await expect(rows.first()).toHaveAttribute('aria-rowindex', '27');
    await pager.getByRole('button', { name: 'Previous page' }).click();
    await expect(pager).toContainText('Page 1');
    await expect(rows.first()).toHaveAttribute('aria-rowindex', '2');
  });
}
