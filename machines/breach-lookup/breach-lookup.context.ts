import type { ContractError } from '../shared/contract-error.ts';
/** What the machine reads of a breach look-up (the contract's BreachLookup). */
export interface TrackedLookup {
  account: string;
  status: 'in_progress' | 'done' | 'failed';
  attempts: number;
  error: string | null;
}

/** Why a call did not work: the contract's error code and message. */
export type LookupError = ContractError;

export interface BreachLookupContext<L extends TrackedLookup = TrackedLookup> {
  /** The account asked about; null before the first look-up. */
  account: string | null;
  /** The look-up as last read. */
  lookup: L | null;
  error: LookupError | null;
  /** Reads in a row that failed while polling; the fifth gives up. */
  pollErrors: number;
  /** The next read starts a failed look-up again. */
  again: boolean;
}

export interface LoadInput {
  account: string;
  again: boolean;
}
