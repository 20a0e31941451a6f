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
  /** Topic mode, in the group: /enable connected it. */
  topicConnected: string;
  /** Topic mode: /enable in a group without topics. */
  topicNeedsTopics: string;
  /** Topic mode: /enable where the bot is no admin that may manage topics. */
  topicNeedsRights: string;
  /** Topic mode: /enable@bot from someone who may not change the bot's settings. */
  topicNotAllowed: string;
  /** Topic mode: the first message of a user's new topic, saying who they are. */
  topicIntro: (who: string) => string;
  /** Topic mode: a message in the topic of a user the bot's team banned. */
  topicUserBanned: string;
  /** Topic mode: a message in the topic of a user who blocked the bot (Telegram's 403). */
  topicUserBlocked: string;
  /** Topic mode: a message in a user's topic that Telegram refused to copy to them. */
  topicNotSent: string;
  /** /start fileid (the dashboard's upload link), to the owner or an admin: send the file. */
  sendAFile: string;
  /** Above the file ID of the file they sent (as code, so a tap copies it). */
  fileIdIs: string;
  /** What they sent while the bot waits for a file is no file. */
  notAFile: string;
  /** Pre-checkout refused (Telegram shows it on the payment sheet): the item is no longer sold. */
  checkoutGone: string;
  /** Pre-checkout refused: the item's price changed since the invoice was opened. */
  checkoutChanged: string;
  /** Pre-checkout refused: someone else's invoice (a forwarded link). */
  checkoutNotYours: string;
  /** Pre-checkout refused: this invoice is paid already. */
  checkoutPaid: string;
  /** Pre-checkout refused: no unit left. */
  checkoutSoldOut: string;
  /** Pre-checkout refused: the buyer reached the item's per-user limit. */
  checkoutLimit: string;
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
    topicConnected:
      'Topic mode is on: everyone who writes to the bot gets a topic of their own here, and what you write in their topic goes back to them.',
    topicNeedsTopics: "Turn on topics in this group's settings, then send /enable again.",
    topicNeedsRights:
      'Make the bot an admin here with the right to manage topics, then send /enable again.',
    topicNotAllowed:
      "Only the bot's owner or an admin who may change its settings can connect a group (writing as themselves, not anonymously).",
    topicIntro: (who) => `${who} wrote to the bot. What you write in this topic goes to them.`,
    topicUserBanned: 'Not sent: this user is banned from the bot.',
    topicUserBlocked: 'Not sent: this user has blocked the bot or deleted their account.',
    topicNotSent: 'Not sent: Telegram refused to deliver this message to the user.',
    sendAFile:
      'Send me the file: a photo, video, audio, voice message, animation, sticker, video note or document. I will answer with its file ID for Botdeck.',
    fileIdIs: 'Its file ID (tap it to copy):',
    notAFile:
      'That is not a file. Send a photo, video, audio, voice message, animation, sticker, video note or document, or a command to stop.',
    checkoutGone: 'This item is no longer sold. Nothing was charged.',
    checkoutChanged:
      "This item's price changed. Open the shop again to buy it. Nothing was charged.",
    checkoutNotYours:
      'This invoice was opened by someone else. Open the shop yourself to buy. Nothing was charged.',
    checkoutPaid: 'This invoice is paid already. Nothing was charged again.',
    checkoutSoldOut: 'This item is sold out. Nothing was charged.',
    checkoutLimit: "You have reached this item's purchase limit. Nothing was charged.",
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
    topicConnected:
      'وضع المواضيع مفعّل: كل من يراسل البوت يحصل هنا على موضوع خاص به، وما تكتبه في موضوعه يصل إليه.',
    topicNeedsTopics: 'فعّل المواضيع من إعدادات هذه المجموعة، ثم أرسل \u2068/enable\u2069 مرة أخرى.',
    topicNeedsRights:
      'اجعل البوت مشرفًا هنا مع صلاحية إدارة المواضيع، ثم أرسل \u2068/enable\u2069 مرة أخرى.',
    topicNotAllowed:
      'لا يربط مجموعةً إلا مالك البوت أو مشرف يحق له تغيير إعداداته (باسمه، لا مجهول الهوية).',
    topicIntro: (who) => `راسل ${who} البوت. ما تكتبه في هذا الموضوع يصل إليه.`,
    topicUserBanned: 'لم تُرسل: هذا المستخدم محظور من البوت.',
    topicUserBlocked: 'لم تُرسل: حظر هذا المستخدم البوت أو حذف حسابه.',
    topicNotSent: 'لم تُرسل: رفض تيليجرام إيصال هذه الرسالة إلى المستخدم.',
    sendAFile:
      'أرسل لي الملف: صورة أو فيديو أو مقطع صوتي أو رسالة صوتية أو صورة متحركة أو ملصق أو فيديو دائري أو مستند. سأرد بمعرّف الملف لاستخدامه في Botdeck.',
    fileIdIs: 'معرّف الملف (اضغط عليه لنسخه):',
    notAFile:
      'هذا ليس ملفًا. أرسل صورة أو فيديو أو مقطعًا صوتيًا أو رسالة صوتية أو صورة متحركة أو ملصقًا أو فيديو دائريًا أو مستندًا، أو أرسل أمرًا للتوقف.',
    checkoutGone: 'لم يعد هذا المنتج معروضًا للبيع. لم يُخصم أي مبلغ.',
    checkoutChanged: 'تغيّر سعر هذا المنتج. افتح المتجر من جديد لشرائه. لم يُخصم أي مبلغ.',
    checkoutNotYours: 'فتح شخص آخر هذه الفاتورة. افتح المتجر بنفسك للشراء. لم يُخصم أي مبلغ.',
    checkoutPaid: 'هذه الفاتورة مدفوعة بالفعل. لم يُخصم أي مبلغ مرة أخرى.',
    checkoutSoldOut: 'نفدت كمية هذا المنتج. لم يُخصم أي مبلغ.',
    checkoutLimit: 'بلغت الحد الأقصى لشراء هذا المنتج. لم يُخصم أي مبلغ.',
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
    topicConnected:
      'Режим тем включён: каждый, кто пишет боту, получает здесь свою тему, а написанное в его теме уходит ему.',
    topicNeedsTopics: 'Включите темы в настройках этой группы, затем снова отправьте /enable.',
    topicNeedsRights:
      'Сделайте бота администратором с правом управлять темами, затем снова отправьте /enable.',
    topicNotAllowed:
      'Подключить группу может только владелец бота или администратор с правом менять его настройки (от своего имени, не анонимно).',
    topicIntro: (who) =>
      `Сообщение боту от ${who}. Всё, что вы напишете в этой теме, получит этот пользователь.`,
    topicUserBanned: 'Не отправлено: этот пользователь заблокирован в боте.',
    topicUserBlocked: 'Не отправлено: пользователь заблокировал бота или удалил аккаунт.',
    topicNotSent: 'Не отправлено: Telegram не доставил это сообщение пользователю.',
    sendAFile:
      'Пришлите мне файл: фото, видео, аудио, голосовое сообщение, анимацию, стикер, видеосообщение или документ. В ответ я пришлю его ID файла для Botdeck.',
    fileIdIs: 'ID файла (нажмите, чтобы скопировать):',
    notAFile:
      'Это не файл. Пришлите фото, видео, аудио, голосовое сообщение, анимацию, стикер, видеосообщение или документ либо любую команду, чтобы закончить.',
    checkoutGone: 'Этот товар больше не продаётся. Оплата не списана.',
    checkoutChanged:
      'Цена этого товара изменилась. Откройте магазин снова, чтобы купить. Оплата не списана.',
    checkoutNotYours:
      'Этот счёт открыл другой человек. Откройте магазин сами, чтобы купить. Оплата не списана.',
    checkoutPaid: 'Этот счёт уже оплачен. Повторно ничего не списано.',
    checkoutSoldOut: 'Этот товар распродан. Оплата не списана.',
    checkoutLimit: 'Вы достигли лимита покупок этого товара. Оплата не списана.',
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
    topicConnected:
      'Konu modu açık: bota yazan herkes burada kendine ait bir konu alır; onun konusuna yazdıklarınız ona iletilir.',
    topicNeedsTopics:
      'Bu grubun ayarlarından konuları açın, sonra /enable komutunu yeniden gönderin.',
    topicNeedsRights:
      'Botu burada konuları yönetme yetkisiyle yönetici yapın, sonra /enable komutunu yeniden gönderin.',
    topicNotAllowed:
      'Bir grubu yalnızca botun sahibi ya da ayarlarını değiştirebilen bir yöneticisi bağlayabilir (anonim değil, kendi adıyla).',
    topicIntro: (who) => `${who} bota yazdı. Bu konuya yazdıklarınız ona iletilir.`,
    topicUserBanned: 'Gönderilmedi: bu kullanıcı bottan yasaklandı.',
    topicUserBlocked: 'Gönderilmedi: kullanıcı botu engelledi ya da hesabını sildi.',
    topicNotSent: 'Gönderilmedi: Telegram bu mesajı kullanıcıya iletmedi.',
    sendAFile:
      'Bana dosyayı gönderin: fotoğraf, video, ses, sesli mesaj, animasyon, çıkartma, görüntülü mesaj veya belge. Botdeck için dosya kimliğiyle yanıt vereceğim.',
    fileIdIs: 'Dosya kimliği (kopyalamak için dokunun):',
    notAFile:
      'Bu bir dosya değil. Fotoğraf, video, ses, sesli mesaj, animasyon, çıkartma, görüntülü mesaj veya belge gönderin ya da durdurmak için bir komut gönderin.',
    checkoutGone: 'Bu ürün artık satılmıyor. Ücret alınmadı.',
    checkoutChanged:
      'Bu ürünün fiyatı değişti. Satın almak için mağazayı yeniden açın. Ücret alınmadı.',
    checkoutNotYours:
      'Bu faturayı başka biri açtı. Satın almak için mağazayı kendiniz açın. Ücret alınmadı.',
    checkoutPaid: 'Bu fatura zaten ödendi. Yeniden ücret alınmadı.',
    checkoutSoldOut: 'Bu ürün tükendi. Ücret alınmadı.',
    checkoutLimit: 'Bu ürün için satın alma sınırına ulaştınız. Ücret alınmadı.',
  },
};
