import type { components } from '../../../api/schema.d.ts';
import { $api } from '../../api/query.ts';

/** The area's paths: a change here marks every cached answer under it stale. */
export const WORKFLOWS_AREA = '/api/soar/';

export type WorkflowDetails = components['schemas']['WorkflowDetails'];

/** The workflows of these customers (every customer the caller may see when none given), each with its last run. */
export const listWorkflowDetails = (customerIds: readonly string[]) =>
  $api.queryOptions(
    'get',
    '/api/soar/v1/workflows/details',
    { params: { query: { customer_ids: customerIds.length ? [...customerIds] : undefined } } },
    { select: (data): WorkflowDetails[] => data.workflow_details },
  );
