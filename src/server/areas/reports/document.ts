import type { components } from '../../../api/schema.d.ts';
import type { Principal } from '../../auth/principal.ts';
import { ApiError, badRequest, type FieldIssue, forbidden } from '../../errors.ts';
import { isStaff } from '../../platform/permissions.ts';
import { requireVisibleCustomer } from '../../platform/scope.ts';

export type ReportComponent = components['schemas']['ReportComponent'];
export type ReportInput = components['schemas']['ReportInput'];
export type ReportScope = ReportInput['scope'];
export type SectionKind = NonNullable<ReportComponent['section']>;

/**
 * Who may share how (spec 2, section 6, as saved searches): private needs nothing; customer needs
 * a customer the caller may see; global reaches every user of the organisation, so staff only.
 */
export function checkedScope(
  principal: Principal,
  scope: ReportScope,
  customerId: string | null | undefined,
) {
  if (scope === 'customer') {
    if (!customerId) throw badRequest('customer_id', 'is required for a customer report');
    requireVisibleCustomer(principal, customerId);
    return customerId;
  }
  if (scope === 'global' && !isStaff(principal))
    throw forbidden('Only provider staff can share reports globally.');
  return null;
}

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
