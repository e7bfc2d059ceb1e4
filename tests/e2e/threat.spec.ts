import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { ANALYST, expectAccessible, signIn, tabTo, test } from './support.ts';

const FILE = [
  '# indicators from the incident channel',
  'hxxp://cdn-updatecheck[.]example/payload',
  'cdn-updatecheck.example',
  '198.51.100.250',
  'pat[at]acme[.]example',
  '=HYPERLINK("http://x")',
  'not an indicator',
].join('\n');

/** Keyboard only: g t opens the screen; one look-up, then a bulk file uploaded and its CSV downloaded. */
test('an analyst looks up an indicator, bulk-uploads a file and downloads the CSV', async ({ page }) => {
  await signIn(page, ANALYST, '/');
  await page.keyboard.press('g');
  await page.keyboard.press('t');
  await expect(page.getByRole('heading', { level: 1, name: 'Threat intelligence' })).toBeVisible();
  await expectAccessible(page);

  // One look-up: a seeded bad domain.
  const input = page.getByLabel('IP address, domain, URL, file hash or e-mail address');
  await tabTo(page, input);
  await page.keyboard.type('cdn-updatecheck.example');
  await page.keyboard.press('Enter');
  const verdict = page.getByRole('definition').filter({ hasText: 'Bad' });
  await expect(verdict).toBeVisible();
  await expect(page.getByText('Cobalt Strike').first()).toBeVisible();
  // Its sightings: this look-up among them.
  const sightings = page.getByRole('region', { name: 'Sightings' });
  await expect(sightings.getByRole('cell', { name: 'Look-up' }).first()).toBeVisible();
  await expectAccessible(page);

  // An e-mail address: this server has no breach provider key, and says so.
  await page.keyboard.press('Control+a');
  await page.keyboard.type('pat@acme.example');
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Breach look-ups are not configured' }),
  ).toBeVisible();

  // Bulk: the file input is reached with Tab and opened with Space.
  const fileInput = page.getByLabel('File of indicators');
  await tabTo(page, fileInput);
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  const upload = page.waitForRequest((r) => r.url().includes('/api/threat/bulk') && r.method() === 'POST');
  await (await chooser).setFiles({ name: 'iocs.txt', mimeType: 'text/plain', buffer: Buffer.from(FILE) });
  // The screen uploads the file as a browser's form does.
  expect((await upload).headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  await expect(page.getByText('4 indicators, 2 lines not recognised, 0 duplicates.')).toBeVisible();
  const table = page.getByRole('table', { name: 'Results' });
  await expect(table.getByRole('row')).toHaveCount(5);
  await expectAccessible(page);

  const download = page.getByRole('button', { name: 'Download CSV' });
  await tabTo(page, download);
  const downloaded = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const file = await downloaded;
  expect(file.suggestedFilename()).toBe('iocs-lookup.csv');
  const csv = (await readFile((await file.path())!, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(csv[0]).toBe(
    '"line","kind","value","scored","det","risk","country","threat_categories","malware_group","source","note","breaches"',
  );
  expect(csv).toHaveLength(5);
  expect(csv[1]).toMatch(
    /^"2","url","http:\/\/cdn-updatecheck\.example\/payload","cdn-updatecheck\.example","B","\d+","NL","command_and_control","Cobalt Strike"/,
  );
  expect(csv[3]).toMatch(/^"4","ip","198\.51\.100\.250","198\.51\.100\.250","U","0"/);
  expect(csv[4]).toBe(
    '"5","email","pat@acme.example","","U","0","","","","","breach_lookup_not_configured",""',
  );
});

/** Keyboard only: the breach history of the seeded customers, one look-up opened with j and Enter. */
test('an analyst walks the breach history and opens a look-up to see its breaches', async ({ page }) => {
  await signIn(page, ANALYST, '/threat');
  const history = page.getByRole('region', { name: 'Breach history' });
  const accounts = history
    .getByRole('grid', { name: 'Breach history' })
    .getByRole('rowgroup')
    .getByRole('button');
  await expect(accounts.first()).toBeVisible();
  await expectAccessible(page);

  // The seed gives each customer's first person two breaches (Adobe and LinkedIn): find one's row.
  const rows = await history
    .locator('[role="rowgroup"] [role="row"]')
    .evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('[role="gridcell"]')].map((td) => td.textContent ?? '')),
    );
  const target = rows.findIndex((cells) => cells[2] === 'Done' && cells[3] === '2');
  expect(target).toBeGreaterThanOrEqual(0);
  const account = rows[target]![0]!;

  await tabTo(page, accounts.first());
  for (let i = 0; i < target; i++) await page.keyboard.press('j');
  await expect(accounts.nth(target)).toBeFocused();
  await page.keyboard.press('Enter');
  const open = page.getByRole('region', { name: `Breaches of ${account}` });
  await expect(open.getByRole('gridcell', { name: 'Adobe (adobe.com)' })).toBeVisible();
  await expect(open.getByRole('gridcell', { name: 'LinkedIn (linkedin.com)' })).toBeVisible();
  await expectAccessible(page);

  await page.keyboard.press('Escape');
  await expect(open).toBeHidden();
  await expect(accounts.nth(target)).toBeFocused();
});
