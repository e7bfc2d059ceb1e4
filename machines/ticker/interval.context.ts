/** Spec 1, section 9: the ticker component fires every 150000 ms by default. */
export const DEFAULT_INTERVAL_MS = 150_000;

export interface IntervalInput {
  interval?: number;
  disabled?: boolean;
}

export interface IntervalContext {
  /** Milliseconds between two ticks. */
  interval: number;
  /** Whether it starts disabled. */
  startDisabled: boolean;
}
