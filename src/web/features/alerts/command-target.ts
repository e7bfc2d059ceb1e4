import type { SelectionTarget } from '../../commands/target.ts';
import type { AlertAgentTarget } from '../agents/index.ts';

/** The alerts the list or an alert's page offers the palette (`>status`, `>mute`, …). */
export interface AlertsCommandTarget extends SelectionTarget<number> {
  kind: 'alerts';
  /** Last known version per alert id, sent with single-alert updates. */
  versions: Record<number, number>;
  /**
   * Set by the open alert's page only: the agent the alert concerns, which the agent commands
   * (`>isolate`, …) act on there, linked to the alert.
   */
  agent?: AlertAgentTarget;
}
