import type { components } from '../../../api/schema.d.ts';
import type { Principal } from '../../auth/principal.ts';
import { ApiError, type FieldIssue } from '../../errors.ts';
import { checkedSharedScope } from '../../platform/scope.ts';

export type ReportComponent = components['schemas']['ReportComponent'];
export type ReportInput = components['schemas']['ReportInput'];
export type ReportScope = ReportInput['scope'];
export type SectionKind = NonNullable<ReportComponent['section']>;

/** Who may share a report how: as saved searches are (platform/scope.ts). */
export const checkedScope = (
  principal: Principal,
  scope: ReportScope,
  customerId: string | null | undefined,
) =>
  checkedSharedScope(principal, scope, customerId, {
    missingCustomer: 'is required for a customer report',
    globalDenied: 'Only provider staff can share reports globally.',
  });

/**
 * What the contract's shape cannot say: headers and body text carry text, a section names its
 * kind, a fixed period has both ends in order.
 */
export function checkedDocument(input: ReportInput): FieldIssue[] {
  const issues: FieldIssue[] = [];
  input.document.components.forEach((component, index) => {
    const at = `document.components[${index}]`;
    if ((component.type === 'header' || component.type === 'body') && !component.text?.trim())
      issues.push({ field: `${at}.text`, reason: `is required for a ${component.type}` });
    if (component.type === 'section' && !component.section)
      issues.push({ field: `${at}.section`, reason: 'is required for a section' });
    if (component.section === 'saved_search' && !input.saved_search_id)
      issues.push({
        field: `${at}.section`,
        reason: 'a saved search section needs the report’s saved_search_id',
      });
    if (component.type !== 'section' && component.section)
      issues.push({ field: `${at}.section`, reason: 'belongs to sections only' });
  });
  const start = input.start_date ?? null;
  const end = input.end_date ?? null;
  if ((start === null) !== (end === null))
    issues.push({ field: start ? 'end_date' : 'start_date', reason: 'a fixed period needs both dates' });
  else if (start && end && start > end) issues.push({ field: 'end_date', reason: 'is before start_date' });
  return issues;
}

export function throwIssues(issues: FieldIssue[]): void {
  if (issues.length === 0) return;
  throw new ApiError(400, 'bad_request', `${issues[0]!.field}: ${issues[0]!.reason}`, issues);
}
