import { SECRET } from '../world.ts';
import { type AreaRules, owner } from './types.ts';

/** The assistant: a person's own conversations. */
export const ASSISTANT_RULES: AreaRules = {
  getAssistantConversation: { path: (ids) => ({ id: ids.conversation }), control: owner },
  deleteAssistantConversation: { path: (ids) => ({ id: ids.conversation }), control: owner, ends: true },
  renameAssistantConversation: {
    path: (ids) => ({ id: ids.conversation }),
    body: () => ({ title: SECRET }),
    control: owner,
  },
  endAssistantSession: { path: (ids) => ({ id: ids.conversation }), control: owner },
  sendAssistantMessage: {
    path: (ids) => ({ id: ids.conversation }),
    body: () => ({ content: 'hello', context: { route: '/alerts' } }),
    // endAssistantSession's control, earlier, ended it: the 409 says so of the owner's conversation.
    control: { as: 'owner', status: 409 },
  },
  getAssistantSentPayload: {
    path: (ids) => ({ id: ids.conversation, message_id: ids.message }),
    control: owner,
  },
  setAssistantFeedback: {
    path: (ids) => ({ id: ids.conversation, message_id: ids.message }),
    body: () => ({ rating: 'up' }),
    control: owner,
  },
};
