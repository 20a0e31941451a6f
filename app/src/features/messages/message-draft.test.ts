import type { Message } from '@botdeck/api';
import { EMOJI_EFFECT_IDS } from '@botdeck/core';
import type { MessageEditorValue } from '@botdeck/ui';
import { describe, expect, it } from 'vitest';
import {
  draftDiffers,
  draftKeyOf,
  editorValueFromStored,
  editorValueOf,
  parseStoredDraft,
  storedDraftOf,
  testDriveMessageOf,
  uploadDataOf,
} from './message-draft';

const STORED: Message = {
  text: '<b>Welcome!</b>',
  parse: true,
  effect: EMOJI_EFFECT_IDS.party,
  media: '/uploads/banner.png',
  media_type: 'photo',
  ufile: null,
  buttons: [
    { text: 'Prices', type: 'Menu', value: 'prices', row: 0 },
    { text: 'Summer', type: 'Url', value: 'https://t.me/shop_bot?start=sp-summer', row: 1 },
  ],
};

const place = { kind: 'menu', itemIndex: 3, index: 1, username: 'shop_bot' } as const;

describe('editorValueOf', () => {
  it('reads a stored message the way the editor holds it', () => {
    expect(editorValueOf(STORED, 'shop_bot')).toEqual({
      text: '<b>Welcome!</b>',
      html: true,
      effect: 'party',
      media: {
        type: 'photo',
        file: null,
        fileId: null,
        url: '/uploads/banner.png',
        remove: false,
      },
      buttons: [
        [{ text: 'Prices', type: 'Menu', value: 'prices' }],
        // A start link of this bot is a Start Payload button.
        [{ text: 'Summer', type: 'Start Payload', value: 'summer' }],
      ],
    });
  });
});

describe('uploadDataOf', () => {
  const saved = editorValueOf(STORED, 'shop_bot');
  const withMedia = (media: Partial<MessageEditorValue['media']>): MessageEditorValue => ({
    ...saved,
    media: { ...saved.media, ...media },
  });

  it('addresses the message by item, place and path, and sends the buttons as the wire has them', () => {
    expect(uploadDataOf(saved, place)).toEqual({
      ind: 3,
      ind2: 1,
      act: 'menumsgs',
      qa: false,
      text: '<b>Welcome!</b>',
      format: true,
      effect: null,
      media_type: 'photo',
      buttons: STORED.buttons,
      ufile: null,
      rem: false,
      m_url: '/uploads/banner.png',
    });
  });

  it('sends the effect for the start message only', () => {
    expect(uploadDataOf(saved, { ...place, kind: 'startMessage' })).toMatchObject({
      ind: 0,
      act: 'startmsg',
      effect: EMOJI_EFFECT_IDS.party,
    });
    expect(
      uploadDataOf({ ...saved, effect: 'none' }, { ...place, kind: 'startMessage' }),
    ).toMatchObject({ effect: null });
  });

  it('flags Q&A messages', () => {
    expect(uploadDataOf(saved, { ...place, kind: 'question' })).toMatchObject({
      act: 'qamsgs',
      qa: true,
    });
  });

  it.each([
    ['removed', { remove: true }, { rem: true, m_url: null, ufile: null }],
    [
      'replaced by a file id',
      { type: 'file', fileId: 'document-abc' },
      { rem: false, m_url: null, ufile: 'document-abc' },
    ],
    [
      'replaced by a picked file',
      { file: new File(['x'], 'cake.png', { type: 'image/png' }) },
      { rem: false, m_url: null, ufile: null },
    ],
  ] as const)('keeps no stored media when it is %s', (_, media, expected) => {
    expect(uploadDataOf(withMedia(media), place)).toMatchObject(expected);
  });
});

describe('draftKeyOf', () => {
  it('names the bot, the path, the item and the message', () => {
    expect(draftKeyOf(2, 'menu', { index: 0, name: 'help' }, 3)).toBe(
      'msgdraft-2-menumsgs-help-m3',
    );
    expect(draftKeyOf(2, 'command', { index: 1, name: 'my_cmd' }, 0)).toBe(
      'msgdraft-2-cmdmsgs-my_cmd-m0',
    );
  });

  it('calls the start message "start", whatever the server names it', () => {
    expect(draftKeyOf(9, 'startMessage', { index: 0, name: 'Start message' }, 1)).toBe(
      'msgdraft-9-startmsg-start-m1',
    );
  });

  it('falls back to the index for a name CloudStorage keys cannot hold', () => {
    expect(draftKeyOf(2, 'question', { index: 4, name: 'día libre' }, 0)).toBe(
      'msgdraft-2-qamsgs-item4-m0',
    );
  });
});

describe('stored drafts', () => {
  const saved = editorValueOf(STORED, 'shop_bot');

  it('round-trips everything but a picked file, whose name is kept', () => {
    const picked = new File(['x'], 'cake.png', { type: 'image/png' });
    const edited: MessageEditorValue = {
      ...saved,
      text: 'Edited',
      media: { ...saved.media, file: picked },
    };
    const kept = parseStoredDraft(JSON.parse(JSON.stringify(storedDraftOf(edited))));
    expect(kept?.media.pickedFile).toBe('cake.png');
    expect(kept && editorValueFromStored(kept)).toEqual({
      ...edited,
      media: { ...edited.media, file: null },
    });
  });

  it('throws away what does not fit today’s shape', () => {
    expect(parseStoredDraft({ text: 'old format' })).toBeNull();
    expect(parseStoredDraft({ ...storedDraftOf(saved), effect: 'sparkles' })).toBeNull();
  });

  it('differs from the saved message when its content does, or when a file was picked', () => {
    expect(draftDiffers(storedDraftOf(saved), saved)).toBe(false);
    expect(draftDiffers(storedDraftOf({ ...saved, html: false }), saved)).toBe(true);
    const picked = storedDraftOf(saved);
    expect(
      draftDiffers({ ...picked, media: { ...picked.media, pickedFile: 'a.png' } }, saved),
    ).toBe(true);
  });
});

describe('testDriveMessageOf', () => {
  const saved = editorValueOf(STORED, 'shop_bot');

  it('sends what a save would send, the stored media kept', () => {
    const start = { ...place, kind: 'startMessage' } as const;
    expect(testDriveMessageOf({ ...saved, text: 'Edited' }, start)).toEqual({
      message: {
        text: 'Edited',
        parse: true,
        effect: EMOJI_EFFECT_IDS.party,
        media: '/uploads/banner.png',
        media_type: 'photo',
        ufile: null,
        buttons: uploadDataOf(saved, start).buttons,
      },
      newMedia: false,
    });
  });

  it('leaves out a file picked but not uploaded, and says so', () => {
    const file = new File(['x'], 'new.png', { type: 'image/png' });
    const picked = { ...saved, media: { ...saved.media, file } };
    expect(testDriveMessageOf(picked, place)).toMatchObject({
      message: { media: null, media_type: null, ufile: null },
      newMedia: true,
    });
  });

  it('sends no media type once the media is removed', () => {
    const removed = { ...saved, media: { ...saved.media, remove: true } };
    expect(testDriveMessageOf(removed, place).message).toMatchObject({
      media: null,
      media_type: null,
    });
  });
});
