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
}

export const BOTDECK_TEXTS: Record<Language, BotdeckTexts> = {
  en: {
    welcome:
      'Welcome to Botdeck! Add your bots and set up their messages, menus, shop and group protection from the dashboard.',
    openDashboard: 'Open the dashboard',
  },
  ar: {
    welcome:
      'مرحبًا بك في Botdeck! أضف بوتاتك واضبط رسائلها وقوائمها ومتجرها وحماية مجموعاتها من لوحة التحكم.',
    openDashboard: 'افتح لوحة التحكم',
  },
  ru: {
    welcome:
      'Добро пожаловать в Botdeck! Добавляйте своих ботов и настраивайте их сообщения, меню, магазин и защиту групп в панели управления.',
    openDashboard: 'Открыть панель управления',
  },
  tr: {
    welcome:
      "Botdeck'e hoş geldiniz! Botlarınızı ekleyin; mesajlarını, menülerini, mağazalarını ve grup korumalarını panelden ayarlayın.",
    openDashboard: 'Paneli aç',
  },
};
