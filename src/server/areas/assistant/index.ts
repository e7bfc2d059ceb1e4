import { currentUserId, samePartner } from '../../db/policies.ts';
import type { Handlers } from '../../platform/handler.ts';
import { defineArea } from '../area.ts';
import {
  createAssistantConversation,
  deleteAssistantConversation,
  endAssistantSession,
  getAssistantConversation,
  getAssistantSentPayload,
  getAssistantStatus,
  listAssistantConversations,
  renameAssistantConversation,
  setAssistantFeedback,
  updateAssistantSettings,
} from './handlers.ts';
import { sendAssistantMessage } from './send.ts';

/** The embedded chat assistant (spec 2, section 9): conversations, streamed answers, read-only tools. */
export const assistantHandlers: Handlers<
  | 'getAssistantStatus'
  | 'updateAssistantSettings'
  | 'listAssistantConversations'
  | 'createAssistantConversation'
  | 'getAssistantConversation'
  | 'renameAssistantConversation'
  | 'deleteAssistantConversation'
  | 'endAssistantSession'
  | 'sendAssistantMessage'
  | 'getAssistantSentPayload'
  | 'setAssistantFeedback'
> = {
  getAssistantStatus,
  updateAssistantSettings,
  listAssistantConversations,
  createAssistantConversation,
  getAssistantConversation,
  renameAssistantConversation,
  deleteAssistantConversation,
  endAssistantSession,
  sendAssistantMessage,
  getAssistantSentPayload,
  setAssistantFeedback,
};

export { Pseudonyms, StreamRestorer } from './pseudonyms.ts';
export { LOG_ROW_CAP, TOOL_ROW_CAP } from './tools.ts';

export const assistantArea = defineArea({
  name: 'assistant',
  handlers: assistantHandlers,
  tables: ['assistant_conversations', 'assistant_messages'],
  // A conversation is its owner's alone, staff or not; an impersonating administrator sees the
  // impersonated person's, as every other screen does.
  tenantPolicies: {
    assistant_conversations: `${samePartner} and user_id = ${currentUserId}`,
    assistant_messages: `user_id = ${currentUserId}`,
  },
});
