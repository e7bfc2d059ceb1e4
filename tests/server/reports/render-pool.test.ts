import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RenderInput } from '../../../src/server/areas/reports/render/pdf.ts';
import {
  createRenderPool,
  type RenderPool,
  renderThreads,
} from '../../../src/server/areas/reports/render/pool.ts';

const PNG_LOGO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPj/HwADAgH/eL9GtQAAAABJRU5ErkJggg==',
  'base64',
);

const inputFor = (customerName: string): RenderInput => ({
  title: 'Monthly review',
  description: null,
  azureGroups: null,
  version: 1,
  providerName: 'Test MSSP',
  customerName,
  locale: 'en-GB',
  timeZone: 'UTC',
  period: { start: '2026-08-01', end: '2026-10-31', label: 'August 2026 – October 2026' },
  generatedAt: new Date('2026-11-01T06:00:00Z'),
  branding: {
    primary: '#0b3d91',
    secondary: '#475467',
    providerLogo: { bytes: PNG_LOGO, type: 'image/png' },
    customerLogo: null,
  },
  components: [{ type: 'section', section: 'alerts_over_time' }],
  sections: [
    {
      type: 'section',
      section: 'alerts_over_time',
      title: null,
      narrowed: null,
      data: { buckets: [{ start: '2026-08-01', critical: 1, high: 2, medium: 3, low: 4 }] },
    },
  ],
});

function textOf(pdf: Buffer): string {
  const folder = mkdtempSync(join(tmpdir(), 'report-pool-'));
  try {
    writeFileSync(join(folder, 'r.pdf'), pdf);
    return execFileSync('pdftotext', [join(folder, 'r.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe('the render threads', () => {
  let pool: RenderPool | undefined;
  afterEach(async () => {
    await pool?.close();
  });

  it('renders reports on a thread, more at once than it has threads, each its own', async () => {
    pool = createRenderPool(1);
    const names = ['Acme Test', 'Globex Test', 'Initech Test'];
    const rendered = await Promise.all(names.map((name) => pool!.render(inputFor(name))));
    rendered.forEach(({ pdf, pages }, index) => {
      expect(Buffer.isBuffer(pdf)).toBe(true);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pages).toBe(1);
      expect(textOf(pdf)).toContain(`Customer: ${names[index]}`);
    });
  });

  it('answers a render that fails with its error, and goes on rendering', async () => {
    pool = createRenderPool(1);
    const broken = {
      ...inputFor('Acme Test'),
      components: [{ type: 'section' as const, section: 'kpis' as const }],
    };
    broken.sections = [{ type: 'section', section: 'kpis', title: null, data: {}, narrowed: null }];
    await expect(pool.render(broken)).rejects.toThrow();
    const { pages } = await pool.render(inputFor('Acme Test'));
    expect(pages).toBe(1);
  });

  it('refuses renders once closed', async () => {
    pool = createRenderPool(1);
    await pool.close();
    await expect(pool.render(inputFor('Acme Test'))).rejects.toThrow(/closed/);
  });

  it('takes its size from WATCHFLOOR_RENDER_THREADS, and refuses a size that is no count', () => {
    expect(renderThreads({ WATCHFLOOR_RENDER_THREADS: '3' })).toBe(3);
    expect(renderThreads({})).toBeGreaterThanOrEqual(1);
    expect(() => renderThreads({ WATCHFLOOR_RENDER_THREADS: '0' })).toThrow(/WATCHFLOOR_RENDER_THREADS/);
    expect(() => createRenderPool(0)).toThrow(/at least one thread/);
  });
});
