import { describe, expect, it } from 'vitest';
import {
  isAcceptedFile,
  MESSAGE_MEDIA_ACCEPT,
  SHOP_IMAGE_ACCEPT,
  SHOP_MEDIA_ACCEPT,
  validateUpload,
  validateUploadSize,
} from './media';

describe('validateUploadSize', () => {
  it('accepts 5,242,880 bytes', () => {
    expect(validateUploadSize(5_242_880)).toBeNull();
  });

  it('rejects 5,242,881 bytes', () => {
    expect(validateUploadSize(5_242_881)).toEqual({ key: 'validation.media.tooLarge' });
  });
});

describe('accept attributes', () => {
  it('limits message photos to png and jpeg', () => {
    expect(MESSAGE_MEDIA_ACCEPT.photo).toBe('image/png,image/jpeg,.png,.jpeg,.jpg');
  });

  it('accepts any video, audio and file in messages', () => {
    expect([
      MESSAGE_MEDIA_ACCEPT.video,
      MESSAGE_MEDIA_ACCEPT.audio,
      MESSAGE_MEDIA_ACCEPT.file,
    ]).toEqual(['video/*', 'audio/*', '']);
  });

  it('accepts any image, video, audio and file in the shop', () => {
    expect(SHOP_MEDIA_ACCEPT).toEqual({
      photo: 'image/*',
      video: 'video/*',
      audio: 'audio/*',
      file: '',
    });
  });

  it('accepts any image as a shop item image', () => {
    expect(SHOP_IMAGE_ACCEPT).toBe('image/*');
  });
});

describe('isAcceptedFile', () => {
  it.each([
    { name: 'a.png', type: 'image/png' },
    { name: 'a.jpg', type: 'image/jpeg' },
    { name: 'a.JPEG', type: '' },
  ])('accepts $name ($type) as a message photo', (file) => {
    expect(isAcceptedFile(file, MESSAGE_MEDIA_ACCEPT.photo)).toBe(true);
  });

  it('refuses a gif as a message photo', () => {
    expect(isAcceptedFile({ name: 'a.gif', type: 'image/gif' }, MESSAGE_MEDIA_ACCEPT.photo)).toBe(
      false,
    );
  });

  it('accepts a gif as a shop photo', () => {
    expect(isAcceptedFile({ name: 'a.gif', type: 'image/gif' }, SHOP_MEDIA_ACCEPT.photo)).toBe(
      true,
    );
  });

  it('accepts an mp4 as video', () => {
    expect(isAcceptedFile({ name: 'a.mp4', type: 'video/mp4' }, MESSAGE_MEDIA_ACCEPT.video)).toBe(
      true,
    );
  });

  it('refuses an mp3 as video', () => {
    expect(isAcceptedFile({ name: 'a.mp3', type: 'audio/mpeg' }, MESSAGE_MEDIA_ACCEPT.video)).toBe(
      false,
    );
  });

  it('accepts an mp3 as audio', () => {
    expect(isAcceptedFile({ name: 'a.mp3', type: 'audio/mpeg' }, MESSAGE_MEDIA_ACCEPT.audio)).toBe(
      true,
    );
  });

  it('accepts anything as a file', () => {
    expect(
      isAcceptedFile({ name: 'a.zip', type: 'application/zip' }, MESSAGE_MEDIA_ACCEPT.file),
    ).toBe(true);
  });
});

describe('validateUpload', () => {
  it('refuses a file of the wrong type', () => {
    const file = { name: 'a.mp3', type: 'audio/mpeg', size: 10 };
    expect(validateUpload(file, MESSAGE_MEDIA_ACCEPT.video)).toEqual({
      key: 'validation.media.typeNotAccepted',
    });
  });

  it('refuses an accepted file over 5 MB', () => {
    const file = { name: 'a.mp4', type: 'video/mp4', size: 5_242_881 };
    expect(validateUpload(file, MESSAGE_MEDIA_ACCEPT.video)).toEqual({
      key: 'validation.media.tooLarge',
    });
  });

  it('accepts an accepted file of 5 MB', () => {
    const file = { name: 'a.mp4', type: 'video/mp4', size: 5_242_880 };
    expect(validateUpload(file, MESSAGE_MEDIA_ACCEPT.video)).toBeNull();
  });
});
