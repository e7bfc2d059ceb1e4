/** Spec 1, section 4.3: timestamps refresh every 1000 ms, a refresh every 60 s, a reload every 5 minutes. */
export const TICKER_DEFAULTS = { secondMs: 1000, refreshEvery: 60, reloadEvery: 300 } as const;

export interface TickerInput {
  secondMs?: number;
  refreshEvery?: number;
  reloadEvery?: number;
}

export interface TickerContext {
  /** Length of one clock tick in ms; every tick refreshes the displayed timestamps. */
  secondMs: number;
  /** Clock ticks between two refreshes (60 ticks of 1 s: the 60 s timer). */
  refreshEvery: number;
  /** Clock ticks between two reloads (300 ticks of 1 s: the 5-minute timer). */
  reloadEvery: number;
  /** Clock ticks since the user appeared, modulo the common cycle of both timers. */
  elapsed: number;
}
