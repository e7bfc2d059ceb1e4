import type { components } from '../../../api/schema.d.ts';
import type { PageQuery } from '../../components/use-paged.ts';

/** A comment on an alert or a case, as the contract answers it. */
export type Discussion = components['schemas']['Discussion'];

/**
 * The calls behind one thread of comments: the alert and the case screens each bind them to
 * their own endpoints. Every call rejects with an Error carrying the server's message.
 */
export interface DiscussionCalls {
  /** The query of a page of comments, oldest first. */
  list: PageQuery<Discussion>;
  post(body: string, isPrivate: boolean): Promise<unknown>;
  edit(commentId: number, body: string, isPrivate: boolean): Promise<unknown>;
  remove(commentId: number): Promise<unknown>;
}
