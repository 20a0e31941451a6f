import type { ValidationIssue } from './issue';

export interface ChatModeSettings {
  enable: boolean;
  topic: boolean;
  /** The group the owner typed /enable in; null until then. */
  group_id: string | null;
}

/**
 * Topic mode opens a topic per user in one group, and the bot learns which group only when the
 * owner types /enable there; until then it has nowhere to open them, so it cannot be switched on.
 */
export function validateChatMode(settings: ChatModeSettings): ValidationIssue | null {
  if (settings.enable && settings.topic && !settings.group_id) {
    return { field: 'topic', key: 'validation.chatMode.topicNeedsGroup' };
  }
  return null;
}
