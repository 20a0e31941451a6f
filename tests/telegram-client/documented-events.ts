/**
 * The events a Mini App may post to its Telegram client, as Telegram documents them: their
 * payloads from https://core.telegram.org/api/web-events, and the Bot API version each arrived in
 * from the "Recent changes" of https://core.telegram.org/bots/webapps. The end-to-end suite checks
 * every event the app posts against this list, so a payload Telegram does not document, or an
 * event the client's version does not know yet, fails a test instead of doing nothing on a phone.
 *
 * Only the events this app posts are listed; an event missing here
 * fails the check, which is the prompt to add it from the documentation, with its anchor.
 */
import { isVersionAtLeast } from '@botdeck/core';

type FieldRule =
  | { type: 'boolean'; optional?: true }
  | { type: 'string'; optional?: true; oneOf?: readonly string[]; min?: number; max?: number }
  | { type: 'hex-color'; optional?: true }
  | { type: 'object'; optional?: true };

interface DocumentedEvent {
  /** The first Bot API version whose clients handle the event. */
  since: string;
  /** Its anchor on core.telegram.org/api/web-events. */
  doc: string;
  /** `none` for "no event payload" / "Event data: null"; otherwise the payload's fields. */
  data: 'none' | Readonly<Record<string, FieldRule>>;
}

const BUTTON_FIELDS = {
  is_visible: { type: 'boolean' },
  is_active: { type: 'boolean', optional: true },
  text: { type: 'string', optional: true },
  color: { type: 'hex-color', optional: true },
  text_color: { type: 'hex-color', optional: true },
  is_progress_visible: { type: 'boolean', optional: true },
  has_shine_effect: { type: 'boolean', optional: true },
} as const;

const BIOMETRY_REASON = { reason: { type: 'string', optional: true, min: 1, max: 128 } } as const;

export const DOCUMENTED_EVENTS: Readonly<Record<string, DocumentedEvent>> = {
  // Telegram Web's own handshake with a framed Mini App (see "postMessage API" in the page).
  iframe_ready: {
    since: '6.0',
    doc: '#postmessage-api',
    data: { reload_supported: { type: 'boolean', optional: true } },
  },
  web_app_request_theme: { since: '6.0', doc: '#web-app-request-theme', data: 'none' },
  web_app_request_viewport: { since: '6.0', doc: '#web-app-request-viewport', data: 'none' },
  web_app_request_safe_area: {
    since: '8.0',
    doc: '#web-app-request-safe-area',
    data: 'none',
  },
  web_app_request_content_safe_area: {
    since: '8.0',
    doc: '#web-app-request-content-safe-area',
    data: 'none',
  },
  web_app_ready: { since: '6.0', doc: '#web-app-ready', data: 'none' },
  web_app_expand: { since: '6.0', doc: '#web-app-expand', data: 'none' },
  web_app_close: {
    since: '6.0',
    doc: '#web-app-close',
    data: { return_back: { type: 'boolean', optional: true } },
  },
  web_app_setup_main_button: {
    since: '6.0',
    doc: '#web-app-setup-main-button',
    data: BUTTON_FIELDS,
  },
  web_app_setup_back_button: {
    since: '6.1',
    doc: '#web-app-setup-back-button',
    data: { is_visible: { type: 'boolean' } },
  },
  web_app_setup_closing_behavior: {
    since: '6.2',
    doc: '#web-app-setup-closing-behavior',
    data: { need_confirmation: { type: 'boolean' } },
  },
  web_app_setup_swipe_behavior: {
    since: '7.7',
    doc: '#web-app-setup-swipe-behavior',
    data: { allow_vertical_swipe: { type: 'boolean' } },
  },
  web_app_trigger_haptic_feedback: {
    since: '6.1',
    doc: '#web-app-trigger-haptic-feedback',
    data: {
      type: { type: 'string', oneOf: ['impact', 'notification', 'selection_change'] },
      impact_style: {
        type: 'string',
        optional: true,
        oneOf: ['light', 'medium', 'heavy', 'rigid', 'soft'],
      },
      notification_type: { type: 'string', optional: true, oneOf: ['error', 'success', 'warning'] },
    },
  },
  web_app_open_invoice: {
    since: '6.1',
    doc: '#web-app-open-invoice',
    data: { slug: { type: 'string', min: 1 } },
  },
  web_app_open_link: {
    since: '6.1',
    doc: '#web-app-open-link',
    data: {
      url: { type: 'string', min: 1 },
      try_instant_view: { type: 'boolean', optional: true },
      try_browser: { type: 'string', optional: true },
    },
  },
  web_app_open_tg_link: {
    since: '6.1',
    doc: '#web-app-open-tg-link',
    data: {
      path_full: { type: 'string', min: 1 },
      force_request: { type: 'boolean', optional: true },
    },
  },
  web_app_invoke_custom_method: {
    since: '6.9',
    doc: '#web-app-invoke-custom-method',
    data: {
      req_id: { type: 'string', min: 1 },
      method: { type: 'string', min: 1 },
      params: { type: 'object' },
    },
  },
  web_app_biometry_get_info: { since: '7.2', doc: '#web-app-biometry-get-info', data: 'none' },
  web_app_biometry_request_access: {
    since: '7.2',
    doc: '#web-app-biometry-request-access',
    data: BIOMETRY_REASON,
  },
  web_app_biometry_request_auth: {
    since: '7.2',
    doc: '#web-app-biometry-request-auth',
    data: BIOMETRY_REASON,
  },
  web_app_biometry_open_settings: {
    since: '7.2',
    doc: '#web-app-biometry-open-settings',
    data: 'none',
  },
};

/** The button fields Telegram added after the event itself. */
const FIELDS_SINCE: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  web_app_setup_main_button: { has_shine_effect: '7.10' },
};

function fieldProblem(name: string, rule: FieldRule, value: unknown): string | null {
  if (value === undefined) return rule.optional ? null : `${name} is missing`;
  switch (rule.type) {
    case 'boolean':
      return typeof value === 'boolean' ? null : `${name} is not a boolean`;
    case 'object':
      return value !== null && typeof value === 'object' ? null : `${name} is not an object`;
    case 'hex-color':
      return typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value)
        ? null
        : `${name} is not a hex RGB colour`;
    case 'string':
      if (typeof value !== 'string') return `${name} is not a string`;
      if (rule.oneOf && !rule.oneOf.includes(value))
        return `${name} "${value}" is not one of ${rule.oneOf.join(', ')}`;
      if (rule.min !== undefined && value.length < rule.min)
        return `${name} is shorter than ${rule.min}`;
      if (rule.max !== undefined && value.length > rule.max)
        return `${name} is longer than ${rule.max}`;
      return null;
  }
}

/**
 * What is wrong with one posted event for a client of `version`: an event Telegram does not
 * document, one the version does not know, or a payload that breaks the documentation. Empty
 * when the event is right.
 */
export function eventProblems(type: string, data: unknown, version: string): string[] {
  const documented = DOCUMENTED_EVENTS[type];
  if (!documented) return [`${type} is not in the documented list`];
  const problems: string[] = [];
  if (!isVersionAtLeast(version, documented.since))
    problems.push(`${type} arrived in Bot API ${documented.since}; this client is ${version}`);
  if (documented.data === 'none') {
    // The app's bridge sends an empty string for "no payload", as Telegram's own script does.
    if (data !== undefined && data !== null && data !== '')
      problems.push(`${type} carries a payload where none is documented`);
    return problems;
  }
  if (data === null || typeof data !== 'object')
    return [...problems, `${type} has no payload object`];
  const fields = documented.data;
  const payload = data as Record<string, unknown>;
  for (const [name, rule] of Object.entries(fields)) {
    const problem = fieldProblem(`${type}.${name}`, rule, payload[name]);
    if (problem) problems.push(problem);
  }
  for (const name of Object.keys(payload)) {
    if (!(name in fields)) problems.push(`${type}.${name} is not a documented field`);
    const since = FIELDS_SINCE[type]?.[name];
    if (since && payload[name] !== false && !isVersionAtLeast(version, since))
      problems.push(`${type}.${name} arrived in Bot API ${since}; this client is ${version}`);
  }
  return problems;
}
