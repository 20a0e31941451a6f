import { describe, expect, it } from 'vitest';
import { topicModeGroupId, topicModeIn, validateChatMode } from './chat-mode';

describe('validateChatMode', () => {
  it('refuses topic mode before the group is known', () => {
    expect(validateChatMode({ enable: true, topic: true, group_id: null })).toEqual({
      field: 'topic',
      key: 'validation.chatMode.topicNeedsGroup',
    });
    expect(validateChatMode({ enable: true, topic: true, group_id: '' })).not.toBeNull();
  });

  it('accepts topic mode with a group', () => {
    expect(validateChatMode({ enable: true, topic: true, group_id: '-1001234567890' })).toBeNull();
  });

  it.each([
    { enable: true, topic: false, group_id: null },
    { enable: false, topic: true, group_id: null },
    { enable: false, topic: false, group_id: null },
  ])('lets %j through: topic mode is off or chat mode is', (settings) => {
    expect(validateChatMode(settings)).toBeNull();
  });
});

describe('topicModeIn', () => {
  it('turns chat mode and topic mode on in the group, which validation then accepts', () => {
    const settings = topicModeIn('-1001234567890');
    expect(settings).toEqual({ enable: true, topic: true, group_id: '-1001234567890' });
    expect(validateChatMode(settings)).toBeNull();
  });
});

describe('topicModeGroupId', () => {
  it('reads the connected group’s chat id while topic mode runs', () => {
    expect(topicModeGroupId(topicModeIn('-1001234567890'))).toBe(-1001234567890);
  });

  it.each([
    { enable: false, topic: true, group_id: '-1001234567890' },
    { enable: true, topic: false, group_id: '-1001234567890' },
    { enable: true, topic: true, group_id: null },
    { enable: true, topic: true, group_id: '' },
    { enable: true, topic: true, group_id: 'not a chat' },
    { enable: true, topic: true, group_id: '1234' },
  ])('is null for %j: topic mode does not run there', (settings) => {
    expect(topicModeGroupId(settings)).toBeNull();
  });
});
