import { describe, expect, it } from 'vitest';
import { antiSpamCountInput, antiSpamIssues, validateAntiSpam } from './anti-spam';

const valid = { enable: true, msgs: '5', time: '3' };

describe('validateAntiSpam', () => {
  it('accepts the spec example of 5 messages in 3 seconds', () => {
    expect(validateAntiSpam(valid)).toBeNull();
  });

  it('skips a disabled anti-spam', () => {
    expect(validateAntiSpam({ enable: false, msgs: '', time: '99' })).toBeNull();
  });

  it.each(['5', '20', '05', 5, 20])('accepts %j messages', (msgs) => {
    expect(validateAntiSpam({ ...valid, msgs })).toBeNull();
  });

  it.each(['4', '21', '005', '', '5.', '1e1', ' 5', 4, 21])('rejects %j messages', (msgs) => {
    expect(validateAntiSpam({ ...valid, msgs })).toEqual({
      field: 'msgs',
      key: 'validation.antiSpam.messages',
    });
  });

  it.each(['2', '20', 2, 20])('accepts %j seconds', (time) => {
    expect(validateAntiSpam({ ...valid, time })).toBeNull();
  });

  it.each(['1', '21', '002', '', '2.5', 1, 21])('rejects %j seconds', (time) => {
    expect(validateAntiSpam({ ...valid, time })).toEqual({
      field: 'time',
      key: 'validation.antiSpam.time',
    });
  });

  it('reports messages before time', () => {
    expect(validateAntiSpam({ enable: true, msgs: '4', time: '1' })?.field).toBe('msgs');
  });
});

describe('antiSpamIssues', () => {
  it('marks both fields, messages first', () => {
    expect(antiSpamIssues({ enable: true, msgs: '30', time: '1' })).toEqual([
      { field: 'msgs', key: 'validation.antiSpam.messages' },
      { field: 'time', key: 'validation.antiSpam.time' },
    ]);
  });

  it('marks only the field at fault', () => {
    expect(antiSpamIssues({ enable: true, msgs: '10', time: '21' })).toEqual([
      { field: 'time', key: 'validation.antiSpam.time' },
    ]);
  });

  it('has nothing to say about a disabled anti-spam', () => {
    expect(antiSpamIssues({ enable: false, msgs: '99', time: '' })).toEqual([]);
  });
});

describe('antiSpamCountInput', () => {
  it('keeps digits only: letters and signs never reach the field', () => {
    expect(antiSpamCountInput('abc')).toBe('');
    expect(antiSpamCountInput('1a')).toBe('1');
    expect(antiSpamCountInput('-5')).toBe('5');
    expect(antiSpamCountInput(' 7 ')).toBe('7');
  });

  it('keeps at most two characters, as DECISIONS says', () => {
    expect(antiSpamCountInput('12')).toBe('12');
    expect(antiSpamCountInput('123')).toBe('12');
    expect(antiSpamCountInput('005')).toBe('00');
  });

  it('reads the digits of an Arabic keyboard as the digits they are', () => {
    expect(antiSpamCountInput('\u0661\u0660')).toBe('10');
    expect(antiSpamCountInput('\u06f5')).toBe('5');
  });

  it('leaves an empty field empty', () => {
    expect(antiSpamCountInput('')).toBe('');
  });
});
