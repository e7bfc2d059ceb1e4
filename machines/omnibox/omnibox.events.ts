/** Events of the omnibox machine. */
export type OmniboxEvent =
  /** The text in the box changed (every keystroke). */
  | { type: 'type'; query: string }
  /** The box was emptied or closed: back to Idle, nothing pending. */
  | { type: 'clear' };
