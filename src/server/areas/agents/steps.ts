import { sql } from 'drizzle-orm';
import { type ActionStep, agentActions } from '../../db/schema/index.ts';

/** Appends one step to an action's evidence in the same UPDATE that moves its status. */
export function appendStep(step: ActionStep) {
  return sql`${agentActions.steps} || ${JSON.stringify([step])}::jsonb`;
}
