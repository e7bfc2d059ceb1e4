import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SectionKind } from '../../../src/server/areas/reports/document.ts';
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
      azureGroups: null,
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
        { type: 'header', section: null, title: null, data: null, narrowed: null },
        { type: 'section', section: 'top_alert_types', title: null, data: { types }, narrowed: null },
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

  it("prints stored states, kinds and severities in the customer's language", async () => {
    const section = (kind: SectionKind, data: unknown) => ({
      type: 'section' as const,
      section: kind,
      title: null,
      narrowed: null,
      data,
    });
    const sections = [
      section('kpis', {
        alerts: 3,
        by_priority: { critical: 1, high: 1, medium: 1, low: 0 },
        by_status: { false_positive: 2, escalated: 1 },
        acknowledge: { median_seconds: 90, p90_seconds: 4000 },
        close: { median_seconds: null, p90_seconds: null },
        cases_opened: 1,
        cases_closed: 0,
      }),
      section('agent_health', {
        total: 2,
        statuses: { online: 0, offline: 1, isolated: 0, unhealthy: 0, out_of_date: 1, new: 0 },
      }),
      section('vulnerabilities', {
        findings: 1,
        vulnerable_agents: 1,
        top: [{ ref: 'KB5034441', kind: 'application', title: 'KB5034441', severity: 'High', agents: 1 }],
      }),
      section('lookalike_domains', {
        found: 1,
        top: [
          {
            name: 'acme-1ogin.example',
            domain: 'acme.example',
            classification: 'phishing',
            risk: 80,
            first_seen: '2026-09-02',
          },
        ],
      }),
      section('breach_lookups', {
        looked_up: 1,
        breached: 0,
        top: [{ account: 'ciso@acme.example', status: 'in_progress', breaches: 0, finished: null }],
      }),
    ] as const;
    const { pdf } = await renderReportPdf({
      title: 'Monatsbericht',
      description: null,
      azureGroups: null,
      version: 1,
      providerName: 'Test MSSP',
      customerName: 'Acme Test',
      locale: 'de-DE',
      timeZone: 'Europe/Berlin',
      period: { start: '2026-08-01', end: '2026-10-31', label: '2026-08 – 2026-10' },
      generatedAt: new Date('2026-11-01T06:00:00Z'),
      branding: { primary: '#0b3d91', secondary: '#475467', providerLogo: null, customerLogo: null },
      components: sections.map((s) => ({ type: 'section' as const, section: s.section })),
      sections: [...sections],
    });
    const text = textOf(pdf).replace(/\s+/g, ' ');
    expect(text).toContain('Erstellt: 1. Nov. 2026, 07:00 MEZ');
    for (const german of [
      'Fehlalarm',
      'Eskaliert',
      'Offline',
      'Veraltet',
      'Anwendung',
      'Hoch',
      'Phishing',
      'Läuft',
      '2 Min',
      '1 Std 7 Min',
    ])
      expect(text).toContain(german);
    for (const stored of [
      'false_positive',
      'escalated',
      'out_of_date',
      'patch',
      'High',
      'in_progress',
      'UTC',
    ])
      expect(text).not.toContain(stored);
  });
});
