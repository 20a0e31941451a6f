import {
  ADMIN_PERMISSIONS,
  ANTI_SPAM_MESSAGES,
  ANTI_SPAM_SECONDS,
  BUTTON_TYPE_LABEL_KEYS,
  BUTTON_TYPES,
  type ButtonType,
  CUSTOM_QUANTITY_RANGES,
  LIST_ITEMS,
  MAX_BUTTON_ROWS,
  MAX_BUTTONS_PER_ROW,
  MODERATION_ACTION_LABEL_KEYS,
  MODERATION_TYPE_LABEL_KEYS,
  MODERATION_TYPES,
  PERMISSION_LABEL_KEYS,
  PLANS,
  REFERRAL_MILESTONES,
  SHOP_ITEM_DESCRIPTION_MAX,
  SHOP_ITEM_NAME_MAX,
  SHOP_PRICE_MAX,
  SHOP_PRICE_MIN,
  UPLOAD_MAX_BYTES,
} from '@botdeck/core';
import type { ComponentType } from 'react';
import { type MessageKey, useI18n } from '../../i18n';
import { href } from '../../shell/paths';
import { PrefetchLink } from '../../shell/prefetch-link';
import styles from './document.module.css';
import { PlanTable } from './plan-table';

/** One part of the documentation: its heading and what it says. */
export interface DocumentSection {
  /** Stable name: the section's key, and its element id after `doc-`. */
  id: string;
  title: MessageKey;
  Body: ComponentType;
}

const MEGABYTE = 1024 * 1024;

const BUTTON_TYPE_TEXTS = {
  Url: 'document.sections.messages.buttonTypes.url',
  Popup: 'document.sections.messages.buttonTypes.popup',
  Alert: 'document.sections.messages.buttonTypes.alert',
  Menu: 'document.sections.messages.buttonTypes.menu',
  Question: 'document.sections.messages.buttonTypes.question',
  Share: 'document.sections.messages.buttonTypes.share',
  Shop: 'document.sections.messages.buttonTypes.shop',
  'Start Payload': 'document.sections.messages.buttonTypes.startPayload',
} as const satisfies Record<ButtonType, MessageKey>;

function GettingStarted() {
  const { t } = useI18n();
  return (
    <>
      <p>{t('document.sections.gettingStarted.intro')}</p>
      <ol className={styles.list}>
        <li>{t('document.sections.gettingStarted.steps.openBotFather')}</li>
        <li>{t('document.sections.gettingStarted.steps.name')}</li>
        <li>{t('document.sections.gettingStarted.steps.copy')}</li>
        <li>{t('document.sections.gettingStarted.steps.paste')}</li>
      </ol>
      <p>{t('document.sections.gettingStarted.secret')}</p>
      <p>{t('document.sections.gettingStarted.statuses')}</p>
      <p>{t('document.sections.gettingStarted.dashboard')}</p>
    </>
  );
}

function StartMessage() {
  const { t } = useI18n();
  return (
    <>
      <p>{t('document.sections.startMessage.what')}</p>
      <p>{t('document.sections.startMessage.several')}</p>
    </>
  );
}

function Menus() {
  const { t } = useI18n();
  return (
    <>
      <p>{t('document.sections.menus.what')}</p>
      <p>{t('document.sections.menus.create', { max: LIST_ITEMS.menu.nameMaxLength })}</p>
      <p>{t('document.sections.menus.locked')}</p>
    </>
  );
}

function Questions() {
  const { t } = useI18n();
  return (
    <>
      <p>{t('document.sections.questions.what')}</p>
      <p>{t('document.sections.questions.create', { max: LIST_ITEMS.question.nameMaxLength })}</p>
      <p>{t('document.sections.questions.rules')}</p>
    </>
  );
}

function Commands() {
  const { t } = useI18n();
  return (
    <>
      <p>{t('document.sections.commands.what')}</p>
      <p>{t('document.sections.commands.create', { max: LIST_ITEMS.command.nameMaxLength })}</p>
    </>
  );
}

function StartPayloads() {
  const { t } = useI18n();
  return (
    <>
      <p>{t('document.sections.startPayloads.what')}</p>
      <p>{t('document.sections.startPayloads.link')}</p>
      <p>
        {t('document.sections.startPayloads.create', {
          max: LIST_ITEMS.startPayload.nameMaxLength,
        })}
      </p>
    </>
  );
}

function Messages() {
  const { t } = useI18n();
  return (
    <>
      <p>{t('document.sections.messages.intro')}</p>
      <ul className={styles.list}>
        <li>{t('document.sections.messages.parts.text')}</li>
        <li>{t('document.sections.messages.parts.html')}</li>
        <li>
          {t('document.sections.messages.parts.media', { size: UPLOAD_MAX_BYTES / MEGABYTE })}
        </li>
        <li>
          {t('document.sections.messages.parts.buttons', {
            rows: MAX_BUTTON_ROWS,
            perRow: MAX_BUTTONS_PER_ROW,
          })}
        </li>
        <li>{t('document.sections.messages.parts.effect')}</li>
      </ul>
      <p>{t('document.sections.messages.save')}</p>
      <h3 className={styles.subheading}>{t('document.sections.messages.buttonTypesTitle')}</h3>
      <dl className={styles.terms}>
        {BUTTON_TYPES.map((type) => (
          <div key={type}>
            <dt>{t(BUTTON_TYPE_LABEL_KEYS[type])}</dt>
            <dd>{t(BUTTON_TYPE_TEXTS[type])}</dd>
          </div>
        ))}
      </dl>
      <p>
        {t('document.sections.messages.buttonRules', {
          free: PLANS.free.popupLength,
          paid: PLANS.standard.popupLength,
        })}
      </p>
    </>
  );
}

function MediaModeration() {
  const { t, locale } = useI18n();
  const types = new Intl.ListFormat(locale, { type: 'conjunction' }).format(
    MODERATION_TYPES.map((type) => t(MODERATION_TYPE_LABEL_KEYS[type])),
  );
  return (
    <>
      <p>{t('document.sections.media.what', { types })}</p>
      <p>{t('document.sections.media.actionsIntro')}</p>
      <dl className={styles.terms}>
        <div>
          <dt>{t(MODERATION_ACTION_LABEL_KEYS.Filter)}</dt>
          <dd>{t('document.sections.media.filter')}</dd>
        </div>
        <div>
          <dt>{t(MODERATION_ACTION_LABEL_KEYS.Ban)}</dt>
          <dd>{t('document.sections.media.ban')}</dd>
        </div>
      </dl>
      <p>{t('document.sections.media.saved')}</p>
    </>
  );
}

function Users() {
  const { t } = useI18n();
  return (
    <>
      <p>{t('document.sections.users.tabs')}</p>
      <p>{t('document.sections.users.actions')}</p>
      <p>{t('document.sections.users.permissionsIntro')}</p>
      <ol className={styles.list}>
        {ADMIN_PERMISSIONS.map((permission) => (
          <li key={permission}>{t(PERMISSION_LABEL_KEYS[permission])}</li>
        ))}
      </ol>
      <p>{t('document.sections.users.permissionsRules')}</p>
      <p>{t('document.sections.users.roles')}</p>
    </>
  );
}

function BotSettings() {
  const { t } = useI18n();
  return (
    <>
      <p>{t('document.sections.bot.what')}</p>
      <ul className={styles.list}>
        <li>{t('document.sections.bot.drop')}</li>
        <li>{t('document.sections.bot.notice')}</li>
      </ul>
      <p>{t('document.sections.bot.stopDelete')}</p>
      <p>{t('document.sections.bot.confirm')}</p>
    </>
  );
}

function Advanced() {
  const { t } = useI18n();
  return (
    <>
      <p>{t('document.sections.advanced.intro')}</p>
      <h3 className={styles.subheading}>{t('document.sections.advanced.captcha.title')}</h3>
      <p>{t('document.sections.advanced.captcha.text')}</p>
      <h3 className={styles.subheading}>{t('document.sections.advanced.chatMode.title')}</h3>
      <p>{t('document.sections.advanced.chatMode.text')}</p>
      <p>{t('document.sections.advanced.chatMode.topicIntro')}</p>
      <ol className={styles.list}>
        <li>{t('document.sections.advanced.chatMode.steps.addBot')}</li>
        <li>{t('document.sections.advanced.chatMode.steps.enableTopics')}</li>
        <li>{t('document.sections.advanced.chatMode.steps.enableCommand')}</li>
      </ol>
      <h3 className={styles.subheading}>{t('document.sections.advanced.links.title')}</h3>
      <p>{t('document.sections.advanced.links.text')}</p>
      <h3 className={styles.subheading}>{t('document.sections.advanced.languages.title')}</h3>
      <p>{t('document.sections.advanced.languages.text')}</p>
      <h3 className={styles.subheading}>{t('document.sections.advanced.antiSpam.title')}</h3>
      <p>
        {t('document.sections.advanced.antiSpam.text', {
          minMessages: ANTI_SPAM_MESSAGES.min,
          maxMessages: ANTI_SPAM_MESSAGES.max,
          minSeconds: ANTI_SPAM_SECONDS.min,
          maxSeconds: ANTI_SPAM_SECONDS.max,
        })}
      </p>
      <h3 className={styles.subheading}>
        {t('document.sections.advanced.joinRequirements.title')}
      </h3>
      <p>{t('document.sections.advanced.joinRequirements.text')}</p>
    </>
  );
}

function Shop() {
  const { t } = useI18n();
  return (
    <>
      <p>{t('document.sections.shop.what')}</p>
      <p>
        {t('document.sections.shop.items', {
          nameMax: SHOP_ITEM_NAME_MAX,
          descriptionMax: SHOP_ITEM_DESCRIPTION_MAX,
          priceMin: SHOP_PRICE_MIN,
          priceMax: SHOP_PRICE_MAX,
        })}
      </p>
      <p>
        {t('document.sections.shop.stock', {
          totalMax: CUSTOM_QUANTITY_RANGES.total.max,
          perUserMax: CUSTOM_QUANTITY_RANGES.perUser.max,
        })}
      </p>
      <p>{t('document.sections.shop.editors')}</p>
      <p>
        {t('document.sections.shop.terms')}{' '}
        <PrefetchLink href={href('guide', { opt: 'user-pay' })} className={styles.link}>
          {t('document.sections.shop.termsLink')}
        </PrefetchLink>
      </p>
    </>
  );
}

function Plans() {
  const { t } = useI18n();
  return (
    <>
      <p>{t('document.sections.plans.what')}</p>
      <PlanTable />
      <p>{t('document.sections.plans.locked')}</p>
      <p>{t('document.sections.plans.upgrade')}</p>
    </>
  );
}

function Referral() {
  const { t } = useI18n();
  return (
    <>
      <p>{t('document.sections.referral.what')}</p>
      <dl className={styles.terms}>
        {REFERRAL_MILESTONES.map((milestone) => (
          <div key={milestone.joined}>
            <dt>{t('referral.milestone', { count: milestone.joined })}</dt>
            {/* core names each reward by its key in referral.rewards, which the locale test covers. */}
            <dd>{t(milestone.rewardKey as MessageKey)}</dd>
          </div>
        ))}
      </dl>
      <ul className={styles.list}>
        <li>{t('referral.requirementJoinOnce')}</li>
        <li>{t('referral.requirementNewUsers')}</li>
      </ul>
    </>
  );
}

function Languages() {
  const { t } = useI18n();
  return (
    <>
      <p>{t('document.sections.languages.what')}</p>
      <p>{t('document.sections.languages.how')}</p>
    </>
  );
}

function Support() {
  const { t } = useI18n();
  return <p>{t('document.sections.support.text')}</p>;
}

/** The documentation in reading order: setting a bot up first, then each tile, then the extras. */
export const DOCUMENT_SECTIONS: readonly DocumentSection[] = [
  { id: 'getting-started', title: 'document.sections.gettingStarted.title', Body: GettingStarted },
  { id: 'start-message', title: 'document.sections.startMessage.title', Body: StartMessage },
  { id: 'menus', title: 'document.sections.menus.title', Body: Menus },
  { id: 'questions', title: 'document.sections.questions.title', Body: Questions },
  { id: 'commands', title: 'document.sections.commands.title', Body: Commands },
  { id: 'start-payloads', title: 'document.sections.startPayloads.title', Body: StartPayloads },
  { id: 'messages', title: 'document.sections.messages.title', Body: Messages },
  { id: 'media', title: 'document.sections.media.title', Body: MediaModeration },
  { id: 'users', title: 'document.sections.users.title', Body: Users },
  { id: 'bot', title: 'document.sections.bot.title', Body: BotSettings },
  { id: 'advanced', title: 'document.sections.advanced.title', Body: Advanced },
  { id: 'shop', title: 'document.sections.shop.title', Body: Shop },
  { id: 'plans', title: 'document.sections.plans.title', Body: Plans },
  { id: 'referral', title: 'document.sections.referral.title', Body: Referral },
  { id: 'languages', title: 'document.sections.languages.title', Body: Languages },
  { id: 'support', title: 'document.sections.support.title', Body: Support },
];
