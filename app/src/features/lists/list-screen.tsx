import { type ListItem as ListEntry, useList } from '@botdeck/api';
import { canAddItem, LIST_ITEMS, type ListItemKind, listUsage, tierFromPro } from '@botdeck/core';
import { useBackButton } from '@botdeck/platform';
import {
  Badge,
  Button,
  CommandIcon,
  EmptyState,
  LinkIcon,
  List,
  ListItem,
  MenuIcon,
  PlusIcon,
  QuestionIcon,
  Spinner,
} from '@botdeck/ui';
import { Suspense, useState } from 'react';
import { useLocation } from 'wouter';
import listsTexts from '../../../../locales/en.json?screen=lists';
import { ScreenTexts, useI18n } from '../../i18n';
import { useActionGuard } from '../../shell/action-guard';
import { useErrorReport } from '../../shell/error-reporting';
import { lazyPart } from '../../shell/lazy-part';
import { LazyConfirmDialog } from '../../shell/lazy-parts';
import { HOME_PATH, href } from '../../shell/paths';
import { PLAN_LABEL_KEYS } from '../../shell/plan-labels';
import { PrefetchLink } from '../../shell/prefetch-link';
import { ReadOnlyNote } from '../../shell/read-only-note';
import screenStyles from '../../shell/screen.module.css';
import { ScreenHeader } from '../../shell/screen-header';
import { ScreenLoading, ScreenUnavailable } from '../../shell/screen-states';
import { useUpgradePrompt } from '../../shell/upgrade-prompt';
import { useBotId } from '../../shell/use-bot-id';
import styles from './lists.module.css';

// The name form (react-hook-form, a dialog) loads when it is first opened.
const CreateItemDialog = lazyPart(() =>
  import('./create-item-dialog').then((m) => m.CreateItemDialog),
).Part;

const EMPTY_ICONS = {
  menu: MenuIcon,
  question: QuestionIcon,
  command: CommandIcon,
  startPayload: LinkIcon,
} as const satisfies Record<ListItemKind, unknown>;

export interface ListScreenProps {
  /** Which list the page shows: menus, Q&A, commands or start payloads. */
  kind: ListItemKind;
}

/** The screen's own English texts, which travel in its chunk rather than the first bundle. */
const ENGLISH = { lists: listsTexts };

/**
 * /menu, /questions, /commands and /startpayload (all `?bot=`): the bot's items of one kind with
 * the plan's usage. An item opens its messages page; one beyond the plan (the server sent a lock
 * text) explains the upgrade instead. Items are added by name and deleted after a confirmation;
 * the list always shows what the server answered.
 */
export function ListScreen({ kind }: ListScreenProps) {
  return (
    <ScreenTexts english={ENGLISH}>
      <ListPage kind={kind} />
    </ScreenTexts>
  );
}

/** The screen itself, inside its texts. */
function ListPage({ kind }: ListScreenProps) {
  const { t } = useI18n();
  const [, navigate] = useLocation();
  const { report } = useErrorReport();
  const botId = useBotId();
  const { items, pro, isLoading, create, remove, reload } = useList(kind, botId);
  const { promptUpgrade, upgradeDialog } = useUpgradePrompt(botId);
  // Adding and deleting need manage_msg; opening an item to read its messages does not. An
  // admin known to lack it is offered neither; `guard` still refuses where the role is unknown.
  const { may, guard } = useActionGuard(botId);
  const [creating, setCreating] = useState(false);
  const [toDelete, setToDelete] = useState<{ index: number; name: string } | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const dashboard = href('dashboard', { bot: botId });
  useBackButton(() => navigate(botId === null ? HOME_PATH : dashboard));

  const canEdit = may('editContent');
  const titleId = `list-${kind}-title`;
  const title = t(`listKinds.${kind}` as const);

  if (botId === null) {
    return (
      <section className={screenStyles.screen} aria-labelledby={titleId}>
        <ScreenHeader id={titleId} title={title} />
        <ScreenUnavailable onBack={() => navigate(HOME_PATH, { replace: true })} />
      </section>
    );
  }
  if (isLoading) return <ScreenLoading />;
  if (!items) {
    return (
      <section className={screenStyles.screen} aria-labelledby={titleId}>
        <ScreenHeader id={titleId} title={title} />
        <ScreenUnavailable onRetry={() => reload()} onBack={() => navigate(dashboard)} />
      </section>
    );
  }

  // `pro` is Botdeck's addition to the list answer; without it the plan is unknown, so the
  // usage line is left out and the server alone decides whether one more fits.
  const tier = pro ? tierFromPro(pro) : null;
  // Locked items (past the plan, kept after a downgrade) are counted apart: "3 of 3 commands",
  // "1 locked", never "4 of 3".
  const counted = tier ? listUsage(tier, kind, items.length) : null;
  const usage =
    counted === null
      ? null
      : counted.limit === null
        ? t(`lists.usageUnlimited.${kind}` as const, { count: items.length })
        : t(`lists.usage.${kind}` as const, { used: counted.open, count: counted.limit });

  // At the limit the server would only refuse: say why at once and offer the plans.
  const add = () => {
    if (!guard('editContent')) return;
    if (tier === null || canAddItem(tier, kind, items.length)) setCreating(true);
    else promptUpgrade();
  };
  const addButton = (size: 'sm' | 'md') => (
    <Button size={size} onClick={add}>
      <PlusIcon />
      {t(`lists.add.${kind}` as const)}
    </Button>
  );

  const removeItem = async (index: number) => {
    setDeleting(index);
    try {
      await remove(index);
      // The row that had focus is gone; start again from the screen's heading.
      document.getElementById(titleId)?.focus();
    } catch (error) {
      report(error);
    } finally {
      setDeleting(null);
    }
  };

  const row = (item: ListEntry, index: number) => {
    const common = {
      name: item.name,
      deleteLabel: t('lists.deleteLabel', { name: item.name }),
      // One deletion at a time: indexes shift when the list answers, so a second tap sent
      // meanwhile could remove the wrong item.
      onDelete: canEdit
        ? () => {
            if (deleting === null && guard('editContent')) setToDelete({ index, name: item.name });
          }
        : undefined,
      trailing: deleting === index ? <Spinner size="sm" label={t('app.loading')} /> : undefined,
    };
    if (item.lock) {
      const lock = item.lock;
      return (
        <ListItem
          key={`${index}-${item.name}`}
          {...common}
          description={lock}
          locked
          lockedLabel={t('lists.locked')}
          onClick={() => promptUpgrade(lock)}
        />
      );
    }
    const messagesLink = href(LIST_ITEMS[kind].messagesRoute, { bot: botId, ind: index });
    return (
      <PrefetchLink key={`${index}-${item.name}`} href={messagesLink} asChild>
        <ListItem {...common} href={messagesLink} />
      </PrefetchLink>
    );
  };

  const EmptyIcon = EMPTY_ICONS[kind];

  return (
    <section
      className={screenStyles.screen}
      aria-labelledby={titleId}
      aria-busy={deleting !== null || undefined}
    >
      <ScreenHeader
        id={titleId}
        title={title}
        subtitle={
          tier ? (
            <>
              <span>{usage}</span>
              {counted?.locked ? (
                <span>{t('lists.lockedCount', { count: counted.locked })}</span>
              ) : null}
              <Badge variant={tier === 'free' ? 'neutral' : 'accent'}>
                {t(PLAN_LABEL_KEYS[tier])}
              </Badge>
            </>
          ) : undefined
        }
        actions={items.length > 0 && canEdit ? addButton('sm') : undefined}
      />

      {canEdit ? null : (
        <ReadOnlyNote>
          {t('lists.readOnly', { permission: t('permissions.manage_msg') })}
        </ReadOnlyNote>
      )}

      {items.length > 0 ? (
        <List aria-labelledby={titleId} className={styles.list}>
          {items.map(row)}
        </List>
      ) : (
        <EmptyState
          icon={<EmptyIcon />}
          title={t(`lists.empty.${kind}` as const)}
          description={t(`lists.emptyText.${kind}` as const)}
          action={canEdit ? addButton('md') : undefined}
        />
      )}

      <Suspense fallback={null}>
        {creating ? (
          <CreateItemDialog
            kind={kind}
            open
            onOpenChange={(next) => {
              if (!next) setCreating(false);
            }}
            onSubmit={create}
            onFatalError={(error) => {
              setCreating(false);
              report(error);
            }}
          />
        ) : null}
        {toDelete ? (
          <LazyConfirmDialog
            open
            onOpenChange={(next) => {
              if (!next) setToDelete(null);
            }}
            variant="destructive"
            title={t('lists.deleteTitle', { name: toDelete.name })}
            text={t(`lists.deleteText.${kind}` as const)}
            confirmLabel={t('common.delete')}
            cancelLabel={t('common.cancel')}
            onConfirm={() => removeItem(toDelete.index)}
          />
        ) : null}
      </Suspense>
      {upgradeDialog}
    </section>
  );
}
