import type { DashboardPopup } from '@botdeck/api';
import type { Language } from '@botdeck/core';
import type { RefusedMessage } from './message-sets';

/**
 * What the runtime tells a bot's owner on the dashboard, in the owner's language: a message of
 * a set that Telegram refused, and why. Telegram's reasons come in English; the common ones are
 * said again in the owner's words, the rest are quoted as Telegram wrote them.
 */

interface NoticeTexts {
  title: string;
  body: (setName: string, position: number, reason: string) => string;
  /** Telegram's description, matched in order; the first that fits is said in these words. */
  reasons: Array<[RegExp, string]>;
}

const NOTICE_TEXTS: Record<Language, NoticeTexts> = {
  en: {
    title: 'A message was not sent',
    body: (set, position, reason) =>
      `Telegram refused message ${position} of “${set}”: ${reason} Fix it in the editor; the bot sends the other messages meanwhile.`,
    reasons: [
      [/can't parse entities/i, 'its HTML has a tag Telegram does not accept or does not close.'],
      [/caption is too long/i, 'its caption is over 1,024 characters.'],
      [/message is too long/i, 'its text is over 4,096 characters.'],
      [/text is empty/i, 'it has no text.'],
      [
        /BUTTON_DATA_INVALID|button.*invalid|BUTTON_URL_INVALID/i,
        'one of its buttons is not valid.',
      ],
      [/wrong file identifier|file_id/i, 'its file ID is not one Telegram knows.'],
    ],
  },
  ar: {
    title: 'لم تُرسل رسالة',
    body: (set, position, reason) =>
      `رفض تيليجرام الرسالة ${position} من «${set}»: ${reason} أصلحها في المحرر؛ يرسل البوت الرسائل الأخرى في الأثناء.`,
    reasons: [
      [/can't parse entities/i, 'في HTML الخاص بها وسم لا يقبله تيليجرام أو لا يُغلق.'],
      [/caption is too long/i, 'تعليقها أطول من 1,024 حرفًا.'],
      [/message is too long/i, 'نصها أطول من 4,096 حرفًا.'],
      [/text is empty/i, 'لا نص فيها.'],
      [/BUTTON_DATA_INVALID|button.*invalid|BUTTON_URL_INVALID/i, 'أحد أزرارها غير صالح.'],
      [/wrong file identifier|file_id/i, 'معرّف ملفها لا يعرفه تيليجرام.'],
    ],
  },
  ru: {
    title: 'Сообщение не отправлено',
    body: (set, position, reason) =>
      `Telegram отклонил сообщение ${position} из «${set}»: ${reason} Исправьте его в редакторе; остальные сообщения бот пока отправляет.`,
    reasons: [
      [
        /can't parse entities/i,
        'в его HTML есть тег, который Telegram не принимает или который не закрыт.',
      ],
      [/caption is too long/i, 'подпись длиннее 1 024 символов.'],
      [/message is too long/i, 'текст длиннее 4 096 символов.'],
      [/text is empty/i, 'в нём нет текста.'],
      [
        /BUTTON_DATA_INVALID|button.*invalid|BUTTON_URL_INVALID/i,
        'одна из его кнопок недействительна.',
      ],
      [/wrong file identifier|file_id/i, 'Telegram не знает такой ID файла.'],
    ],
  },
  tr: {
    title: 'Bir mesaj gönderilemedi',
    body: (set, position, reason) =>
      `Telegram “${set}” içindeki ${position}. mesajı reddetti: ${reason} Düzenleyicide düzeltin; bot bu arada diğer mesajları gönderiyor.`,
    reasons: [
      [
        /can't parse entities/i,
        'HTML’inde Telegram’ın kabul etmediği ya da kapatılmamış bir etiket var.',
      ],
      [/caption is too long/i, 'açıklaması 1.024 karakterden uzun.'],
      [/message is too long/i, 'metni 4.096 karakterden uzun.'],
      [/text is empty/i, 'metni yok.'],
      [
        /BUTTON_DATA_INVALID|button.*invalid|BUTTON_URL_INVALID/i,
        'düğmelerinden biri geçerli değil.',
      ],
      [/wrong file identifier|file_id/i, 'dosya kimliğini Telegram tanımıyor.'],
    ],
  },
};

/** The dashboard popup telling the owner which message Telegram refused, and why. */
export function refusalNotice(lang: Language, refusal: RefusedMessage): DashboardPopup {
  const texts = NOTICE_TEXTS[lang];
  const known = texts.reasons.find(([pattern]) => pattern.test(refusal.description));
  const reason = known ? known[1] : `“${refusal.description}”.`;
  return {
    title: texts.title,
    text: texts.body(refusal.setName, refusal.index + 1, reason),
    btn: null,
  };
}
