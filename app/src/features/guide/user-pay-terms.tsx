import { type MessageKey, useI18n } from '../../i18n';
import styles from './guide.module.css';

interface TermsSection {
  id: string;
  title: MessageKey;
  paragraphs: readonly MessageKey[];
  /** A list after the paragraphs, and what follows it. */
  list?: { items: readonly MessageKey[]; after: MessageKey };
}

const SECTIONS: readonly TermsSection[] = [
  {
    id: 'seller',
    title: 'guide.userPay.seller.title',
    paragraphs: ['guide.userPay.seller.owner', 'guide.userPay.seller.tool'],
  },
  {
    id: 'payment',
    title: 'guide.userPay.payment.title',
    paragraphs: ['guide.userPay.payment.stars', 'guide.userPay.payment.complete'],
  },
  {
    id: 'delivery',
    title: 'guide.userPay.delivery.title',
    paragraphs: ['guide.userPay.delivery.chat', 'guide.userPay.delivery.keep'],
  },
  {
    id: 'limits',
    title: 'guide.userPay.limits.title',
    paragraphs: ['guide.userPay.limits.stock', 'guide.userPay.limits.race'],
  },
  {
    id: 'refunds',
    title: 'guide.userPay.refunds.title',
    paragraphs: [
      'guide.userPay.refunds.final',
      'guide.userPay.refunds.how',
      'guide.userPay.refunds.report',
    ],
  },
  {
    id: 'prohibited',
    title: 'guide.userPay.prohibited.title',
    paragraphs: ['guide.userPay.prohibited.intro'],
    list: {
      items: [
        'guide.userPay.prohibited.items.illegal',
        'guide.userPay.prohibited.items.harmful',
        'guide.userPay.prohibited.items.rights',
        'guide.userPay.prohibited.items.abuse',
        'guide.userPay.prohibited.items.misleading',
      ],
      after: 'guide.userPay.prohibited.report',
    },
  },
  {
    id: 'contact',
    title: 'guide.userPay.contact.title',
    paragraphs: ['guide.userPay.contact.text'],
  },
  {
    id: 'botdeck',
    title: 'guide.userPay.botdeck.title',
    paragraphs: ['guide.userPay.botdeck.text', 'guide.userPay.botdeck.removal'],
  },
  {
    id: 'changes',
    title: 'guide.userPay.changes.title',
    paragraphs: ['guide.userPay.changes.text'],
  },
];

export interface UserPayTermsProps {
  /** The id of the terms' heading, which names the article. */
  titleId: string;
}

/**
 * The Terms of Service a shopper accepts before paying for an item of a bot's shop. They are
 * Botdeck's own plain-language terms: the bot's owner sells, Telegram takes the payment.
 */
export function UserPayTerms({ titleId }: UserPayTermsProps) {
  const { t } = useI18n();
  return (
    <article className={styles.article} aria-labelledby={titleId}>
      <h1 id={titleId} className={styles.title}>
        {t('guide.userPay.title')}
      </h1>
      <p className={styles.lead}>{t('guide.userPay.intro')}</p>
      {SECTIONS.map((section) => (
        <section
          key={section.id}
          className={styles.section}
          aria-labelledby={`${titleId}-${section.id}`}
        >
          <h2 id={`${titleId}-${section.id}`} className={styles.heading}>
            {t(section.title)}
          </h2>
          {section.paragraphs.map((key) => (
            <p key={key}>{t(key)}</p>
          ))}
          {section.list ? (
            <>
              <ul className={styles.list}>
                {section.list.items.map((key) => (
                  <li key={key}>{t(key)}</li>
                ))}
              </ul>
              <p>{t(section.list.after)}</p>
            </>
          ) : null}
        </section>
      ))}
    </article>
  );
}
