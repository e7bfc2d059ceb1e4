/**
 * Drafts offered to the comment editor of the open alert or case (the assistant's "Draft an
 * update for the customer", "Draft a case summary"). The editor takes the text for a person to
 * read and change before sending; nothing is saved by offering it.
 */
type Listener = (text: string) => void;
const listeners = new Set<Listener>();

/** Offers the text to the editor on screen; false when none is there to take it. */
export function offerDraft(text: string): boolean {
  for (const listener of listeners) listener(text);
  return listeners.size > 0;
}

/** An editor takes offered drafts while mounted; returns its removal. */
export function takeDrafts(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
