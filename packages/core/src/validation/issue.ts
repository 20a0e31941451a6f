import type * as z from 'zod/mini';

/**
 * Every translation key a validation rule can return. Listing them lets the compiler catch a
 * misspelt key and lets a test check that locales/en.json has each one.
 */
export const VALIDATION_KEYS = [
  'validation.token.required',
  'validation.itemName.required',
  'validation.itemName.pattern',
  'validation.itemName.tooLong',
  'validation.button.emptyFields',
  'validation.button.invalidUrl',
  'validation.button.forbiddenCharacters',
  'validation.button.popupTooLong',
  'validation.button.tooManyInRow',
  'validation.button.tooManyRows',
  'validation.media.tooLarge',
  'validation.media.typeNotAccepted',
  'validation.media.fileIdRequired',
  'validation.media.fileIdInvalid',
  'validation.message.tooLong',
  'validation.message.empty',
  'validation.message.cantDeleteFirst',
  'validation.message.cantDeleteQuestion',
  'validation.message.qaNeedsTwo',
  'validation.admin.noPermission',
  'validation.confirmPhrase.stop',
  'validation.confirmPhrase.delete',
  'validation.input.required',
  'validation.input.mustStart',
  'validation.input.mustEnd',
  'validation.input.mustInclude',
  'validation.input.blockedCharacters',
  'validation.input.checkboxRequired',
  'validation.antiSpam.messages',
  'validation.antiSpam.time',
  'validation.captcha.required',
  'validation.chatMode.topicNeedsGroup',
  'validation.allowedLink.required',
  'validation.allowedLink.invalid',
  'validation.allowedLink.duplicate',
  'validation.joinRequirement.required',
  'validation.joinRequirement.invalid',
  'validation.category.required',
  'validation.category.tooShort',
  'validation.category.duplicate',
  'validation.shopItem.nameRequired',
  'validation.shopItem.nameTooLong',
  'validation.shopItem.descriptionRequired',
  'validation.shopItem.descriptionTooLong',
  'validation.shopItem.priceRequired',
  'validation.shopItem.priceInvalid',
  'validation.shopItem.imageRequired',
  'validation.shopItem.rewardRequired',
  'validation.shopItem.categoryRequired',
  'validation.quantity.total',
  'validation.quantity.perUser',
  'validation.html.unsupportedTag',
  'validation.html.malformedTag',
  'validation.html.unclosedTag',
  'validation.html.strayEndTag',
  'validation.html.misnestedTag',
  'validation.html.unsupportedEntity',
  'validation.html.unescapedCharacter',
  'validation.html.unsupportedAttribute',
  'validation.html.missingAttribute',
  'validation.html.codeLanguage',
  'validation.html.notInside',
  'validation.html.nestedBlockquote',
] as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[number];

/** A failed rule: the translation key, the values its text interpolates, and the field at fault. */
export interface ValidationIssue {
  key: ValidationKey;
  values?: Record<string, string | number>;
  field?: string;
}

/**
 * The first issue of a schema whose error messages are validation keys, or null when the
 * value passes. A `too_big` issue carries its bound as `max`, the name our texts use; a custom
 * issue carries its `params` as the values its text fills in.
 */
export function firstIssue<S extends z.ZodMiniType>(
  schema: S,
  value: z.input<S>,
  field?: string,
): ValidationIssue | null {
  const result = schema.safeParse(value);
  const issue = result.success ? undefined : result.error.issues[0];
  if (!issue) return null;
  // Sound while every schema here sets its messages from ValidationKey; inputs are typed,
  // so zod's own type-mismatch messages cannot occur.
  const found: ValidationIssue = { key: issue.message as ValidationKey };
  if (issue.code === 'too_big') found.values = { max: Number(issue.maximum) };
  // Sound while the custom checks here set params from ValidationIssue values only.
  if (issue.code === 'custom' && issue.params) {
    found.values = issue.params as Record<string, string | number>;
  }
  if (field !== undefined) found.field = field;
  return found;
}

/** A zod error parameter whose message is a validation key, checked by the compiler. */
export function errorKey(key: ValidationKey): { error: ValidationKey } {
  return { error: key };
}
