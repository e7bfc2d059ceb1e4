import type { components } from '../../src/api/schema.d.ts';
import type { LeaveTarget } from '../shared/save-fragment.ts';

export type { LeaveTarget };

/** A case as GET /api/cases/v1/cases/{id} returns it (with its 10 most recent alerts). */
export type CaseRecord = components['schemas']['Case'];

/**
 * The editable fields of a case as the form holds them. Risk bounds stay text while typed, so a
 * half-typed or wrong value is kept and explained instead of silently dropped.
 */
export interface CaseDraft {
  title: string;
  description: string;
  status: string;
  tags: string[];
  assignedUsers: string[];
  /** '' means no lower bound. */
  riskMin: string;
  /** '' means no upper bound. */
  riskMax: string;
}

export interface CaseEditorContext {
  /** The case being edited. */
  caseId: number;
  /** The server's copy as last seen (detail, recent alerts, counts). */
  record: CaseRecord | null;
  /** The fields the draft started from; the draft is dirty while it differs from them. */
  base: CaseDraft;
  /** The version `base` was read at: sent with the save so a concurrent change answers 409. */
  version: number;
  /** The fields as edited. */
  draft: CaseDraft;
  /** Why the last load or save failed; null when nothing failed. */
  error: string | null;
  /** Where the user asked to go while the draft was dirty. */
  leave: LeaveTarget | null;
}

export interface CaseEditorInput {
  caseId: number;
}

export const EMPTY_DRAFT: CaseDraft = {
  title: '',
  description: '',
  status: 'new',
  tags: [],
  assignedUsers: [],
  riskMin: '',
  riskMax: '',
};
