import type { AdvancedSettings } from '@botdeck/api';
import { isCloudStorageKey } from '@botdeck/core';
import { describe, expect, it } from 'vitest';
import { MAX_DRAFT_KEY_LENGTH } from '../../shell/drafts';
import {
  advancedDraftKey,
  formIssues,
  formValuesOf,
  parseAdvancedDraft,
  sameFormValues,
  saveRequestOf,
} from './advanced-form';

const SAVED: AdvancedSettings = {
  success: true,
  adv: {
    captcha: { enable: true, text: 'Prove it', button: 'Verify', ban: false },
    chat_mode: { enable: true, topic: true, group_id: '-1001234567890' },
    links: { enable: true, allowed: ['example.com'], ban: false, telegram_allowed: true },
    langs: {
      enable: false,
      arabic: false,
      latin: false,
      chinese: false,
      japanese: false,
      cyrillic: false,
      korean: false,
      ban: false,
    },
    antispam: { enable: true, msgs: 5, time: 3, ban: false },
  },
  jr_enable: true,
  join_req: [],
  username: 'pixel_store_bot',
};

describe('formValuesOf and saveRequestOf', () => {
  it('round-trips the saved settings, with the group from the answer', () => {
    const sent = saveRequestOf(formValuesOf(SAVED), SAVED);
    expect(sent).toEqual({
      captcha: SAVED.adv.captcha,
      chatMode: SAVED.adv.chat_mode,
      links: SAVED.adv.links,
      langs: SAVED.adv.langs,
      antiSpam: SAVED.adv.antispam,
      cur: true,
      jr: true,
    });
  });

  it('holds the counts as typed text and sends them as numbers', () => {
    const values = formValuesOf(SAVED);
    expect(values.antiSpam).toMatchObject({ msgs: '5', time: '3' });
    const sent = saveRequestOf({ ...values, antiSpam: { ...values.antiSpam, msgs: '12' } }, SAVED);
    expect(sent.antiSpam).toEqual({ enable: true, msgs: 12, time: 3, ban: false });
  });

  it("keeps a disabled anti-spam's last numbers when its fields hold something else", () => {
    const values = formValuesOf(SAVED);
    const sent = saveRequestOf(
      { ...values, antiSpam: { enable: false, msgs: '', time: '7x', ban: false } },
      SAVED,
    );
    expect(sent.antiSpam).toEqual({ enable: false, msgs: 5, time: 3, ban: false });
  });

  it('copies the allowed links, so the form never changes the cached answer', () => {
    const values = formValuesOf(SAVED);
    values.links.allowed.push('github.com');
    expect(SAVED.adv.links.allowed).toEqual(['example.com']);
  });
});

describe('formIssues', () => {
  const values = formValuesOf(SAVED);

  it('has nothing to say about the saved settings', () => {
    expect(formIssues(values, '-1001234567890')).toEqual({});
  });

  it('marks each field at fault', () => {
    const issues = formIssues(
      {
        ...values,
        captcha: { ...values.captcha, text: ' ', button: '' },
        antiSpam: { ...values.antiSpam, msgs: '30', time: '1' },
      },
      null,
    );
    expect(Object.keys(issues).sort()).toEqual([
      'antiSpam.msgs',
      'antiSpam.time',
      'captcha.button',
      'captcha.text',
      'chatMode.topic',
    ]);
    expect(issues['antiSpam.msgs']?.key).toBe('validation.antiSpam.messages');
    expect(issues['chatMode.topic']?.key).toBe('validation.chatMode.topicNeedsGroup');
  });

  it('leaves switched-off sections alone', () => {
    expect(
      formIssues(
        {
          ...values,
          captcha: { ...values.captcha, enable: false, text: '' },
          antiSpam: { ...values.antiSpam, enable: false, msgs: '99' },
          chatMode: { enable: false, topic: true },
        },
        null,
      ),
    ).toEqual({});
  });
});

describe('the draft', () => {
  it('reads back what the form stored', () => {
    const values = formValuesOf(SAVED);
    const stored = JSON.parse(JSON.stringify(values)) as unknown;
    const parsed = parseAdvancedDraft(stored);
    expect(parsed).not.toBeNull();
    expect(sameFormValues(parsed as NonNullable<typeof parsed>, values)).toBe(true);
  });

  it('throws away a draft of another shape', () => {
    expect(parseAdvancedDraft({ captcha: { enable: true } })).toBeNull();
    expect(parseAdvancedDraft('text')).toBeNull();
    const values = formValuesOf(SAVED);
    expect(parseAdvancedDraft({ ...values, antiSpam: { ...values.antiSpam, msgs: 5 } })).toBeNull();
  });

  it('compares forms whatever order their keys were written in', () => {
    const values = formValuesOf(SAVED);
    const reordered = Object.fromEntries(
      Object.entries(values).reverse(),
    ) as unknown as typeof values;
    expect(Object.keys(reordered)[0]).toBe('jr');
    expect(sameFormValues(reordered, values)).toBe(true);
    expect(sameFormValues({ ...values, jr: false }, values)).toBe(false);
    expect(
      sameFormValues(
        { ...values, links: { ...values.links, allowed: ['example.com', 'github.com'] } },
        values,
      ),
    ).toBe(false);
  });

  it('lives under a key CloudStorage and the draft store take', () => {
    const key = advancedDraftKey(2_147_483_647);
    expect(isCloudStorageKey(key)).toBe(true);
    expect(key.length).toBeLessThanOrEqual(MAX_DRAFT_KEY_LENGTH);
    expect(key).not.toMatch(/-\d+$/);
  });
});
