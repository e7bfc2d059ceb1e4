import type { ContractError } from '../shared/contract-error.ts';
/** A search as the screen asks for it (the contract's startSearch body). */
export interface SearchRequest {
  search: {
    source?: string | null;
    search_term?: string;
    mode?: 'keyword' | 'exact' | 'lucene';
    filters?: { field: string; operator: string; value?: string | number | (string | number)[] }[];
    /** The columns shown, kept with the search (and with a saved one). */
    headers?: string[];
  };
  period?: { range?: number; from?: string; to?: string };
  /** The customers searched (the console's customer filter); none means all the caller's. */
  customer_ids?: string[];
}

export type SearchJobStatus = 'running' | 'done' | 'cancelled' | 'failed';

/** What the machine reads of a search job (the contract's getSearch answer has the rows too). */
export interface SearchJobView {
  id: string;
  status: SearchJobStatus;
  progress: number;
  total: number;
  error: string | null;
  results: unknown[];
  search_after: string | null;
  /** The customers the search covers, as the server answered. */
  customer_ids?: string[];
}

/** Why a call did not work: the contract's error code, message and field errors. */
export type SearchCallError = ContractError;

export interface SearchJobContext {
  /** The search being (or last) submitted. */
  request: SearchRequest | null;
  /** The job's id once the server answered it. */
  id: string | null;
  /** The job as last read. */
  job: SearchJobView | null;
  /** Why the last submit or read failed. */
  error: SearchCallError | null;
}

export interface SubmitInput {
  request: SearchRequest;
}

export interface LoadInput {
  id: string;
}
