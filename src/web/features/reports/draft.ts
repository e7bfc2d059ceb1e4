import type { Report, ReportComponent, ReportInput, ReportSectionKind } from './api.ts';

/**
 * The builder's draft of a report (ReportBuilderPage.tsx): the form's values, as text where the
 * user types, and the document's components with a stable key each so focus follows a moved one.
 */
export interface DraftComponent extends ReportComponent {
  key: string;
}

export interface ReportDraft extends Record<string, unknown> {
  name: string;
  description: string;
  scope: 'private' | 'customer' | 'global';
  customerId: string;
  savedSearchId: string;
  target: 'month' | 'week';
  startDate: string;
  endDate: string;
  retentionDays: string;
  components: DraftComponent[];
}

/** The data sections the server renders (the contract's enum), in the order the builder offers them. */
export const SECTION_KINDS: readonly ReportSectionKind[] = [
  'kpis',
  'alerts_over_time',
  'top_alert_types',
  'agent_health',
  'vulnerabilities',
  'log_volume',
  'lookalike_domains',
  'breach_lookups',
  'saved_search',
  'workflows',
];

/** What can be added: the text and layout parts, then each data section. */
export type AddChoice = 'header' | 'body' | 'rule' | 'page_break' | `section:${ReportSectionKind}`;

export const ADD_CHOICES: readonly AddChoice[] = [
  'header',
  'body',
  'rule',
  'page_break',
  ...SECTION_KINDS.map((kind): AddChoice => `section:${kind}`),
];

let counter = 0;
const nextKey = () => `c${++counter}`;

export function componentOf(choice: AddChoice): DraftComponent {
  if (choice.startsWith('section:'))
    return { key: nextKey(), type: 'section', section: choice.slice(8) as ReportSectionKind };
  if (choice === 'header' || choice === 'body') return { key: nextKey(), type: choice, text: '' };
  return { key: nextKey(), type: choice as 'rule' | 'page_break' };
}

export function draftOf(report: Report): ReportDraft {
  return {
    name: report.name,
    description: report.description ?? '',
    scope: report.scope,
    customerId: report.customer_id ?? '',
    savedSearchId: report.saved_search_id ?? '',
    target: report.target,
    startDate: report.start_date ?? '',
    endDate: report.end_date ?? '',
    retentionDays: String(report.retention_days),
    components: report.document.components.map((c) => ({ ...c, key: nextKey() })),
  };
}

const orNull = (text: string) => (text.trim() ? text.trim() : null);

/** The draft as the contract's body; numbers typed as text stay text so the rules can refuse them. */
export function inputOf(draft: ReportDraft): ReportInput {
  const retention = Number(draft.retentionDays);
  return {
    name: draft.name.trim(),
    description: orNull(draft.description),
    scope: draft.scope,
    customer_id: draft.scope === 'customer' ? orNull(draft.customerId) : null,
    saved_search_id: orNull(draft.savedSearchId),
    target: draft.target,
    start_date: orNull(draft.startDate),
    end_date: orNull(draft.endDate),
    retention_days:
      draft.retentionDays.trim() && Number.isInteger(retention) ? retention : (draft.retentionDays as never),
    document: { components: draft.components.map(({ key: _key, ...component }) => withoutEmpty(component)) },
  };
}

/** Only the settings a component's type has, and no empty title or limit. */
function withoutEmpty(component: ReportComponent): ReportComponent {
  const out: ReportComponent = { type: component.type };
  if (component.type === 'header' || component.type === 'body') out.text = component.text ?? '';
  if (component.type === 'section') {
    out.section = component.section;
    if (component.title?.trim()) out.title = component.title.trim();
    if (component.limit) out.limit = component.limit;
  }
  return out;
}

/** The components with the one at `index` moved by `step` (no change at either end). */
export function moved<T>(items: readonly T[], index: number, step: -1 | 1): T[] {
  const to = index + step;
  if (index < 0 || index >= items.length || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

export function removed<T>(items: readonly T[], index: number): T[] {
  return items.filter((_, i) => i !== index);
}

export function replaced<T>(items: readonly T[], index: number, item: T): T[] {
  return items.map((old, i) => (i === index ? item : old));
}

/** A new report's first document: a header and a line of text, then the key figures. */
export function starterDocument(title: string): ReportComponent[] {
  return [
    { type: 'header', text: title },
    { type: 'section', section: 'kpis' },
  ];
}
