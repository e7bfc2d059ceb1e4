/**
 * A command chosen in the palette, with what the machine needs to know about it. The palette
 * (web) works these facts out from the registry; the machine only follows them.
 */
export interface CommandChoice {
  /** Registry id, e.g. `alerts.status`. */
  id: string;
  /** Arguments typed or picked so far, e.g. `['closed']`. */
  args: string[];
  /** Every required argument is there and valid. */
  complete: boolean;
  /** Needs a confirmation first (status to a resolution, false positive, mute, isolate). */
  destructive: boolean;
  /** How many items it acts on (the confirmation names the count). */
  count: number;
}

/** What a finished run reports; the palette closes and the runner has shown its toast. */
export interface CommandOutcome {
  /** A one-line summary, e.g. 'Updated 3 alerts'; null for navigation. */
  summary: string | null;
}

export interface CommandFlowContext {
  /** The command being argued, confirmed or run; null while choosing. */
  choice: CommandChoice | null;
  /** Result of the last run that succeeded. */
  outcome: CommandOutcome | null;
  /** Message of the last run that failed. */
  error: string | null;
}

export const INITIAL_CONTEXT: CommandFlowContext = { choice: null, outcome: null, error: null };
