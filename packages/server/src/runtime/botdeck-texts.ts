import type { Language } from '@botdeck/core';

/**
 * What Botdeck's own bot writes (SERVER.md section 6), in the language of the person it writes
 * to: their Telegram `language_code` as core's resolveLanguage reads it (en, ar, ru, tr, else
 * English). Every language has every text: the type makes a missing one a compile error.
 */
export interface BotdeckTexts {
  /** The answer to /start, above the button that opens the dashboard. */
  welcome: string;
  /** The button that opens the dashboard (the Mini App's bot selection). */
  openDashboard: string;
  /** Pre-checkout refused: the plan's bot was deleted since the invoice was made. */
  planBotGone: string;
  /** Pre-checkout refused: the amount or currency is not the plan's price, or no such plan. */
  planNotSold: string;
}

export const BOTDECK_TEXTS: Record<Language, BotdeckTexts> = {
  en: {
    welcome:
      'Welcome to Botdeck! Add your bots and set up their messages, menus, shop and group protection from the dashboard.',
    openDashboard: 'Open the dashboard',
    planBotGone: 'This bot is no longer on Botdeck, so its plan cannot be bought.',
    planNotSold:
      'This invoice is not one of Botdeck’s plans at its price. Open the upgrade page again.',
  },
  ar: {
    welcome:
      'مرحبًا بك في Botdeck! أضف بوتاتك واضبط رسائلها وقوائمها ومتجرها وحماية مجموعاتها من لوحة التحكم.',
    openDashboard: 'افتح لوحة التحكم',
    planBotGone: 'لم يعد هذا البوت على Botdeck، لذا لا يمكن شراء خطته.',
    planNotSold: 'هذه الفاتورة ليست إحدى خطط Botdeck بسعرها. افتح صفحة الترقية مرة أخرى.',
  },
  ru: {
    welcome:
      'Добро пожаловать в Botdeck! Добавляйте своих ботов и настраивайте их сообщения, меню, магазин и защиту групп в панели управления.',
    openDashboard: 'Открыть панель управления',
    planBotGone: 'Этого бота больше нет в Botdeck, поэтому его тариф нельзя купить.',
    planNotSold:
      'Этот счёт не соответствует тарифу Botdeck и его цене. Откройте страницу тарифов снова.',
  },
  tr: {
    welcome:
      "Botdeck'e hoş geldiniz! Botlarınızı ekleyin; mesajlarını, menülerini, mağazalarını ve grup korumalarını panelden ayarlayın.",
    openDashboard: 'Paneli aç',
    planBotGone: 'Bu bot artık Botdeck’te değil, bu yüzden planı satın alınamaz.',
    planNotSold:
      'Bu fatura, fiyatıyla birlikte Botdeck planlarından biri değil. Yükseltme sayfasını yeniden açın.',
  },
};
