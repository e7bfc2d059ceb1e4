import type { ConditionDraft, Mute, MuteDraft, MuteOpening } from './mute-lifecycle.context.ts';

/** Events of the mute lifecycle machine. */
export type MuteLifecycleEvent =
  /** Open the edit form for the mute. */
  | { type: 'edit' }
  /** Change the form's description, customer or expiry. */
  | { type: 'change'; changes: Partial<Omit<MuteDraft, 'conditions'>> }
  | { type: 'add-condition' }
  | { type: 'remove-condition'; key: number }
  | { type: 'change-condition'; key: number; changes: Partial<Omit<ConditionDraft, 'key'>> }
  /** Save the form; `now` judges a custom expiry (in the future, at most a year ahead). */
  | { type: 'save'; now: number }
  /** Leave the form, or the unmute question, without changing anything. */
  | { type: 'cancel' }
  /** Ask to unmute (an active mute only). */
  | { type: 'unmute' }
  /** The user confirmed unmuting. */
  | { type: 'confirm-unmute' }
  /** Fetch the mute again after a conflict. */
  | { type: 'reload' }
  /** The clock moved on: an active mute past its expiry is expired. */
  | { type: 'tick'; now: number }
  /** A fresher copy of the mute arrived (the lists were reloaded). */
  | { type: 'refreshed'; mute: Mute }
  /** A navigation away from the page was attempted while the form was open. */
  | { type: 'leave-requested'; to: string; replace: boolean }
  /** Another mute's row, or a new mute, was asked for while this panel is open. */
  | { type: 'open-requested'; opening: MuteOpening }
  /** The user confirmed closing the form (and leaving or opening, if asked) and losing the changes. */
  | { type: 'confirm-leave' }
  /** The user chose to stay in the form. */
  | { type: 'stay' };
