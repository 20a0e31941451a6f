/**
 * The check the Telegram-client suite applies to every posted event
 * (tests/telegram-client/documented-events.ts) catches each kind of mistake it is there for.
 */
import { describe, expect, it } from 'vitest';
import { eventProblems } from '../telegram-client/documented-events';

describe("checking a posted event against Telegram's documented list", () => {
  it('passes a documented event with a documented payload', () => {
    expect(eventProblems('web_app_setup_back_button', { is_visible: true }, '6.1')).toEqual([]);
    expect(
      eventProblems(
        'web_app_trigger_haptic_feedback',
        { type: 'impact', impact_style: 'soft' },
        '8.0',
      ),
    ).toEqual([]);
    // "No payload": the bridge sends an empty string, as Telegram's script does.
    expect(eventProblems('web_app_ready', '', '6.0')).toEqual([]);
  });

  it('refuses an event Telegram does not document', () => {
    expect(eventProblems('web_app_setup_back_buton', { is_visible: true }, '8.0')).toEqual([
      'web_app_setup_back_buton is not in the documented list',
    ]);
  });

  it('refuses an event the client is too old for, from the version it arrived in', () => {
    expect(eventProblems('web_app_setup_back_button', { is_visible: true }, '6.0')).toEqual([
      'web_app_setup_back_button arrived in Bot API 6.1; this client is 6.0',
    ]);
    expect(eventProblems('web_app_biometry_get_info', '', '7.1')).toHaveLength(1);
    expect(eventProblems('web_app_biometry_get_info', '', '7.2')).toEqual([]);
    const noSwipe = { allow_vertical_swipe: false };
    expect(eventProblems('web_app_setup_swipe_behavior', noSwipe, '7.6')).toEqual([
      'web_app_setup_swipe_behavior arrived in Bot API 7.7; this client is 7.6',
    ]);
    expect(eventProblems('web_app_setup_swipe_behavior', noSwipe, '7.7')).toEqual([]);
    // 7.10 is after 7.2, not before it.
    expect(
      eventProblems(
        'web_app_setup_main_button',
        { is_visible: true, has_shine_effect: true },
        '7.10',
      ),
    ).toEqual([]);
    expect(
      eventProblems(
        'web_app_setup_main_button',
        { is_visible: true, has_shine_effect: true },
        '7.9',
      ),
    ).toEqual([
      'web_app_setup_main_button.has_shine_effect arrived in Bot API 7.10; this client is 7.9',
    ]);
  });

  it('excuses no start-up request a client is too old for: the app posts them itself', () => {
    expect(eventProblems('web_app_request_safe_area', '', '7.10')).toEqual([
      'web_app_request_safe_area arrived in Bot API 8.0; this client is 7.10',
    ]);
    expect(eventProblems('web_app_request_safe_area', '', '8.0')).toEqual([]);
  });

  it('refuses payloads that break the documentation', () => {
    expect(eventProblems('web_app_setup_closing_behavior', {}, '8.0')).toEqual([
      'web_app_setup_closing_behavior.need_confirmation is missing',
    ]);
    expect(
      eventProblems(
        'web_app_trigger_haptic_feedback',
        { type: 'impact', impact_style: 'hard' },
        '8.0',
      ),
    ).toEqual([
      'web_app_trigger_haptic_feedback.impact_style "hard" is not one of light, medium, heavy, rigid, soft',
    ]);
    expect(eventProblems('web_app_setup_main_button', { is_visible: 'yes' }, '8.0')).toEqual([
      'web_app_setup_main_button.is_visible is not a boolean',
    ]);
    expect(
      eventProblems('web_app_setup_main_button', { is_visible: true, color: 'blue' }, '8.0'),
    ).toEqual(['web_app_setup_main_button.color is not a hex RGB colour']);
    expect(eventProblems('web_app_open_invoice', { slug: 'a', url: 'x' }, '8.0')).toEqual([
      'web_app_open_invoice.url is not a documented field',
    ]);
    expect(
      eventProblems('web_app_biometry_request_access', { reason: 'x'.repeat(129) }, '8.0'),
    ).toEqual(['web_app_biometry_request_access.reason is longer than 128']);
    expect(eventProblems('web_app_expand', { now: true }, '8.0')).toEqual([
      'web_app_expand carries a payload where none is documented',
    ]);
    expect(eventProblems('web_app_open_invoice', null, '8.0')).toEqual([
      'web_app_open_invoice has no payload object',
    ]);
  });
});
