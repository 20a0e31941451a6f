import { describe, expect, it } from 'vitest';
import { validateChatMode } from './chat-mode';

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
