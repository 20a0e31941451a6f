import type { AdminPermission, ValidationIssue, ValidationKey } from '@botdeck/core';

/*
 * The design system's English fallback texts, in one place. ui reads no locale file: these are
 * only what a component shows when the app passes no translation (every text is a prop with
 * an English default). They are the texts of locales/en.json, which tests/unit/locales.test.ts
 * checks; texts.test.ts checks that every key a component can raise has one.
 */

/**
 * The groups of validation keys (`validation.<group>.*` of @botdeck/core) that belong to a
 * design-system component, each key of each group: admin and confirmPhrase (ConfirmDialog's
 * promote and typed confirmations), button (ButtonGridEditor), html (MessageEditor's text in
 * Telegram's HTML mode), input (ConfirmDialog's fields), media (MediaPicker) and quantity
 * (QuantityPicker). A key core adds to one of them needs a text here.
 */
export const UI_VALIDATION_GROUPS = [
  'admin',
  'button',
  'confirmPhrase',
  'html',
  'input',
  'media',
  'quantity',
] as const;

/**
 * The keys of the message group MessageEditor raises (`validateMessage`). The group's others
 * (`canDeleteMessage`) are the messages screen's rule, translated by the app.
 */
export const MESSAGE_EDITOR_VALIDATION_KEYS = [
  'validation.message.tooLong',
  'validation.message.empty',
] as const satisfies readonly ValidationKey[];

/** A validation key some design-system component can raise. */
export type UiValidationKey =
  | Extract<ValidationKey, `validation.${(typeof UI_VALIDATION_GROUPS)[number]}.${string}`>
  | (typeof MESSAGE_EDITOR_VALIDATION_KEYS)[number];

/** The English text of each key a component can raise; `{{name}}` is filled from the issue. */
export const ENGLISH_VALIDATION_TEXTS: Readonly<Record<UiValidationKey, string>> = {
  'validation.admin.noPermission': 'Please select at least one permission to promote admin.',
  'validation.button.emptyFields': 'Please fill in the empty fields',
  'validation.button.invalidUrl': 'The URL is invalid. Please enter a valid URL.',
  'validation.button.forbiddenCharacters': "The value can't contain &, : or -.",
  'validation.button.popupTooLong':
    "The text can't be longer than {{max}} characters on your plan.",
  'validation.button.tooManyInRow':
    "You added too many buttons. A single row can't have more than 7 buttons.",
  'validation.button.tooManyRows': "A message can't have more than 10 rows of buttons.",
  'validation.confirmPhrase.stop': "You must type 'stop bot' to confirm.",
  'validation.confirmPhrase.delete': "'delete my bot' required",
  'validation.html.unsupportedTag':
    'Line {{line}}: {{tag}} is not a tag Telegram supports. To show a < sign, write &lt;.',
  'validation.html.malformedTag':
    'Line {{line}}: the tag {{tag}} is not finished. Put attribute values in quotes and end the tag with >.',
  'validation.html.unclosedTag':
    'Line {{line}}: {{tag}} is never closed. Add {{end}} where the formatting should end.',
  'validation.html.strayEndTag': "Line {{line}}: {{tag}} closes a tag that isn't open.",
  'validation.html.misnestedTag':
    'Line {{line}}: {{tag}} comes before {{expected}}. Close the tag you opened last first.',
  'validation.html.unsupportedEntity':
    "Line {{line}}: Telegram doesn't support {{entity}}. Use &lt;, &gt;, &amp;, &quot; or a number such as &#169;.",
  'validation.html.unescapedCharacter': 'Line {{line}}: to show {{character}}, write {{escape}}.',
  'validation.html.unsupportedAttribute':
    "Line {{line}}: {{tag}} can't have the attribute {{attribute}}.",
  'validation.html.missingAttribute': 'Line {{line}}: {{tag}} needs {{attribute}}.',
  'validation.html.codeLanguage':
    'Line {{line}}: only a <code> placed right inside <pre> can name a language, as class="language-…".',
  'validation.html.notInside': "Line {{line}}: {{tag}} can't go inside {{container}}.",
  'validation.html.nestedBlockquote':
    "Line {{line}}: a quote ({{tag}}) can't go inside another quote.",
  'validation.input.required': 'This field is required.',
  'validation.input.mustStart': 'It must start with {{value}}.',
  'validation.input.mustEnd': 'It must end with {{value}}.',
  'validation.input.mustInclude': 'It must include {{value}}.',
  'validation.input.blockedCharacters': "It can't contain {{value}}.",
  'validation.input.checkboxRequired': 'Please tick this box to continue.',
  'validation.media.tooLarge':
    'Your file exceeds 5 MB. Upload via Telegram or upload a file smaller than 5 MB.',
  'validation.media.typeNotAccepted': "This type of file can't be used here.",
  'validation.media.fileIdRequired': 'Please enter a file ID.',
  'validation.media.fileIdInvalid':
    'The file ID is invalid. It must start with photo-, video-, video_note-, audio-, voice-, animation-, sticker- or document-.',
  'validation.message.tooLong': "The message can't be longer than {{max}} characters on your plan.",
  'validation.message.empty': 'Write a text or add media.',
  'validation.quantity.total': 'Enter a whole number from 1 to 100,000.',
  'validation.quantity.perUser': 'Enter a whole number from 1 to 1,000.',
};

function isUiValidationKey(key: ValidationKey): key is UiValidationKey {
  return Object.hasOwn(ENGLISH_VALIDATION_TEXTS, key);
}

/**
 * The default `formatError` of the design system: the English text of an issue with its
 * `{{name}}` placeholders filled. A key without a text here comes back as the key, so a missing
 * translation shows instead of hiding.
 */
export function formatValidationIssueInEnglish(issue: ValidationIssue): string {
  const template = isUiValidationKey(issue.key) ? ENGLISH_VALIDATION_TEXTS[issue.key] : issue.key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) => {
    const value = issue.values?.[name];
    return value === undefined ? placeholder : String(value);
  });
}

/**
 * The English labels of the eight admin permissions (`PERMISSION_LABEL_KEYS` of @botdeck/core
 * names their locale keys), shown by the promote and edit-admin dialogs.
 */
export const ADMIN_PERMISSION_LABELS: Readonly<Record<AdminPermission, string>> = {
  manage_msg: 'Manage messages, menus, commands, Q&A and payloads',
  ban_users: 'Ban users',
  unban_users: 'Unban users',
  add_admins: 'Promote admins',
  remove_admins: 'Remove admins',
  adv_and_media: 'Manage advanced settings and media',
  get_reply: 'Get user reply messages',
  stop_bot: 'Stop the bot',
};
