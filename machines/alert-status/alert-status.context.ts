import type { ContractError } from '../shared/contract-error.ts';
/** What the alert-status machine needs to know of an alert (the contract's Alert has more). */
export interface AlertState {
  id: number;
  /** Sent back with the update; a stale one answers 409 conflict. */
  version: number;
  status: string;
  priority: string;
  classification: string | null;
  /** Statuses this alert may move to next, as the server computed them. */
  allowed_transitions: readonly string[];
}

/** The fields a person changes from the alert screen. */
export type ChangeField = 'status' | 'priority' | 'classification';

export interface AlertChange {
  status?: string;
  priority?: string;
  classification?: string | null;
}

/** Why a save did not work: the contract's error code and message. */
export type SaveError = ContractError;

export interface AlertStatusContext {
  /** The alert as last read or saved. */
  alert: AlertState;
  /** Which field the open dialog changes; null when none is open. */
  field: ChangeField | null;
  /** The change being saved or last saved. */
  change: AlertChange | null;
  /** Comment sent along with the change. */
  comment: string | null;
  /** Why the last save or reload failed. */
  error: SaveError | null;
}

export interface AlertStatusInput {
  alert: AlertState;
}

/** Input of the save actor. */
export interface SaveInput {
  id: number;
  version: number;
  change: AlertChange;
  comment: string | null;
}
