/**
 * The writing systems a bot's language filter can check (SERVER.md section 5, "Filter
 * languages"), named as the /advanced screen's checkboxes are. A text "uses" a script when it
 * holds a letter of it: digits, punctuation, emoji and spaces belong to no script here.
 */
export const SCRIPTS = ['arabic', 'latin', 'chinese', 'japanese', 'cyrillic', 'korean'] as const;
export type Script = (typeof SCRIPTS)[number];

/** Letters of each script (Unicode's Script property, letters only). */
const LETTERS: Record<Exclude<Script, 'chinese' | 'japanese'>, RegExp> = {
  arabic: /(?=\p{L})\p{Script=Arabic}/u,
  latin: /(?=\p{L})\p{Script=Latin}/u,
  cyrillic: /(?=\p{L})\p{Script=Cyrillic}/u,
  korean: /(?=\p{L})\p{Script=Hangul}/u,
};
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HAN = /\p{Script=Han}/u;

/**
 * The scripts whose letters `text` holds. Chinese and Japanese share the Han characters
 * (kanji): a text with kana (hiragana or katakana) is Japanese, and its Han characters are
 * read as Japanese too; Han characters without any kana are Chinese. So a filter on Chinese
 * alone does not delete Japanese, and one on Japanese alone does not delete Chinese.
 */
export function scriptsIn(text: string): Script[] {
  const found: Script[] = [];
  const japanese = KANA.test(text);
  for (const script of SCRIPTS) {
    if (
      script === 'japanese'
        ? japanese
        : script === 'chinese'
          ? !japanese && HAN.test(text)
          : LETTERS[script].test(text)
    ) {
      found.push(script);
    }
  }
  return found;
}
