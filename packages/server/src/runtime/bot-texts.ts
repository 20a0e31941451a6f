import type { Language } from '@botdeck/core';

/**
 * What a bot writes in its own words (SERVER.md section 4: join prompts, notices, captcha
 * prompts), in the bot's language (/lang). The owner's messages are sent as written. Every
 * language has every text: the type makes a missing one a compile error.
 */
export interface BotTexts {
  /** Join requirements: the one message listing the chats to join. */
  joinFirst: string;
  /** The button under it that checks the memberships again. */
  checkAgain: string;
  /** Answer to Check again while a chat is still missing. */
  stillMissing: string;
  /** Answer to Check again once every chat is joined. */
  allJoined: string;
  /** To the owner and admins with get_reply: someone started the bot for the first time. */
  newUser: (who: string) => string;
  /** To the owner and admins with get_reply: a user's answer to a Q&A. */
  answerFrom: (who: string, question: string) => string;
  /** A button whose menu or question was deleted or is locked by the plan. */
  unavailable: string;
  /** In a group: a member who has not joined the required chats (one notice a minute at most). */
  groupJoinFirst: (who: string) => string;
  /** Above the button that opens a group newcomer's captcha, in the private chat. */
  captchaOpen: string;
  /** A captcha link of someone else, or one no longer open. */
  captchaGone: string;
  /** Chat mode: above a user's message copied to the team (reply to the copy to answer). */
  messageFrom: (who: string) => string;
}

export const BOT_TEXTS: Record<Language, BotTexts> = {
  en: {
    joinFirst: 'To use this bot, join these first:',
    checkAgain: 'Check again',
    stillMissing: "You haven't joined all of them yet.",
    allJoined: 'Thanks for joining! You can use the bot now.',
    newUser: (who) => `New user: ${who}`,
    answerFrom: (who, question) => `Answer from ${who} to “${question}”:`,
    unavailable: "This isn't available right now.",
    groupJoinFirst: (who) => `${who}, join the required chats to write here.`,
    captchaOpen: 'Solve the captcha to write in the group:',
    captchaGone: 'This captcha is not yours, or it is no longer open.',
    messageFrom: (who) => `Message from ${who} (reply to it to answer):`,
  },
  ar: {
    joinFirst: 'لاستخدام هذا البوت، انضم إلى هذه أولًا:',
    checkAgain: 'تحقق مرة أخرى',
    stillMissing: 'لم تنضم إليها كلها بعد.',
    allJoined: 'شكرًا لانضمامك! يمكنك استخدام البوت الآن.',
    newUser: (who) => `مستخدم جديد: ${who}`,
    answerFrom: (who, question) => `إجابة ${who} على «${question}»:`,
    unavailable: 'هذا غير متاح الآن.',
    groupJoinFirst: (who) => `${who}، انضم إلى المحادثات المطلوبة لتكتب هنا.`,
    captchaOpen: 'حُلّ اختبار التحقق لتكتب في المجموعة:',
    captchaGone: 'اختبار التحقق هذا ليس لك، أو لم يعد متاحًا.',
    messageFrom: (who) => `رسالة من ${who} (ردّ عليها لتجيب):`,
  },
  ru: {
    joinFirst: 'Чтобы пользоваться ботом, сначала вступите сюда:',
    checkAgain: 'Проверить снова',
    stillMissing: 'Вы вступили ещё не во все.',
    allJoined: 'Спасибо! Теперь можно пользоваться ботом.',
    newUser: (who) => `Новый пользователь: ${who}`,
    answerFrom: (who, question) => `Ответ от ${who} на «${question}»:`,
    unavailable: 'Сейчас это недоступно.',
    groupJoinFirst: (who) => `${who}, вступите в обязательные чаты, чтобы писать здесь.`,
    captchaOpen: 'Пройдите капчу, чтобы писать в группе:',
    captchaGone: 'Эта капча не ваша или уже закрыта.',
    messageFrom: (who) => `Сообщение от ${who} (ответьте на него, чтобы ответить):`,
  },
  tr: {
    joinFirst: 'Bu botu kullanmak için önce bunlara katılın:',
    checkAgain: 'Tekrar kontrol et',
    stillMissing: 'Henüz hepsine katılmadınız.',
    allJoined: 'Katıldığınız için teşekkürler! Artık botu kullanabilirsiniz.',
    newUser: (who) => `Yeni kullanıcı: ${who}`,
    answerFrom: (who, question) => `${who} kişisinin “${question}” sorusuna yanıtı:`,
    unavailable: 'Bu şu anda kullanılamıyor.',
    groupJoinFirst: (who) => `${who}, burada yazmak için gerekli sohbetlere katılın.`,
    captchaOpen: 'Grupta yazmak için doğrulamayı çözün:',
    captchaGone: 'Bu doğrulama sizin değil ya da artık açık değil.',
    messageFrom: (who) => `${who} kişisinden mesaj (yanıtlamak için mesajı yanıtlayın):`,
  },
};
