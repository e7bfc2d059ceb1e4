import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderReportPdf } from '../../../src/server/areas/reports/index.ts';

const SVG_LOGO = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#0b3d91"/></svg>',
);

function textOf(pdf: Buffer): string {
  const folder = mkdtempSync(join(tmpdir(), 'report-render-'));
  try {
    writeFileSync(join(folder, 'r.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', join(folder, 'r.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe('a report rendered to PDF', () => {
  it('breaks a long table across pages with its header on each, and numbers every page', async () => {
    const types = Array.from({ length: 90 }, (_, i) => ({
      type: `alert_type_${String(i + 1).padStart(2, '0')}`,
      total: 1000 - i,
      open: i,
    }));
    const { pdf, pages } = await renderReportPdf({
      title: 'Quarterly review',
      description: 'For the board',
      version: 3,
      providerName: 'Test MSSP',
      customerName: 'Acme Test',
      locale: 'en-GB',
      timeZone: 'Europe/Helsinki',
      period: { start: '2026-08-01', end: '2026-10-31', label: 'August 2026 – October 2026' },
      generatedAt: new Date('2026-11-01T06:00:00Z'),
      branding: {
        primary: '#0b3d91',
        secondary: '#475467',
        providerLogo: { bytes: SVG_LOGO, type: 'image/svg+xml' },
        customerLogo: null,
      },
      components: [
        { type: 'header', text: 'Alert types' },
        { type: 'section', section: 'top_alert_types', limit: 100 },
      ],
      sections: [
        { type: 'header', section: null, title: null, data: null },
        { type: 'section', section: 'top_alert_types', title: null, data: { types } },
      ],
    });
    expect(pages).toBeGreaterThanOrEqual(3);
    const text = textOf(pdf);
    const printed = text.split('\f').filter((page) => page.trim());
    expect(printed).toHaveLength(pages);
    printed.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${pages}`);
      expect(page).toMatch(/Alert type\s+Alerts\s+Open/);
    });
    // Every row once, in order, whatever page it landed on.
    const rows = [...text.matchAll(/alert_type_(\d\d)\s+([\d,]+)\s+(\d+)/g)];
    expect(rows.map((row) => Number(row[1]))).toEqual(types.map((_, i) => i + 1));
    expect(rows[0]!.slice(2)).toEqual(['1,000', '0']);
    expect(text).toContain('Version 3');
    // When it was made, on the customer's clock (06:00 UTC is 08:00 in Helsinki).
    expect(text).toContain('Generated: 1 Nov 2026, 08:00 EET');
  });
});
