import { describe, expect, it } from 'vitest';
import { mediaTypeFromCode, mediaTypeToCode } from './media';

describe('media type codes', () => {
  it.each([
    ['photo', 0],
    ['video', 1],
    ['audio', 2],
    ['file', 3],
  ] as const)('maps %s to %i and back', (type, code) => {
    expect([mediaTypeToCode(type), mediaTypeFromCode(code)]).toEqual([code, type]);
  });

  it.each([-1, 4, 1.5])('knows no media type for code %s', (code) => {
    expect(mediaTypeFromCode(code)).toBeNull();
  });
});
