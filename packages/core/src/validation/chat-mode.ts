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

/**
 * What /enable in a group does to the settings: that group becomes topic mode's, with chat mode
 * and topic mode on (the command is the owner's way of saying "run topic mode here", and the
 * dashboard's switches then show it on).
 */
export function topicModeIn(groupId: string): ChatModeSettings {
  return { enable: true, topic: true, group_id: groupId };
}

/**
 * The chat id of the group topic mode runs in, or null while it does not run: chat mode or
 * topic mode off, or no group (or none a chat id can be read from) connected.
 */
export function topicModeGroupId(settings: ChatModeSettings): number | null {
  if (!settings.enable || !settings.topic || !settings.group_id) return null;
  const id = Number(settings.group_id);
  return Number.isSafeInteger(id) && id < 0 ? id : null;
}
