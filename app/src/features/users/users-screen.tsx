import { useApiClient, useBotRole, useUsers } from '@botdeck/api';
import {
  type AdminPermissions,
  type BotAction,
  type BotRole,
  mayChangeAdmin,
  mayDo,
  roleOf,
} from '@botdeck/core';
import { useBackButton } from '@botdeck/platform';
import {
  Badge,
  BanIcon,
  CheckCircleIcon,
  InfoIcon,
  MoreIcon,
  SettingsIcon,
  ShieldIcon,
  Spinner,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  TrashIcon,
} from '@botdeck/ui';
import { Suspense, useState } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import usersPageTexts from '../../../../locales/en.json?screen=usersPage';
import { type MessageKey, ScreenTexts, useI18n } from '../../i18n';
import { useActionGuard } from '../../shell/action-guard';
import { useErrorReport } from '../../shell/error-reporting';
import { lazyPart } from '../../shell/lazy-part';
import { LazyConfirmDialog } from '../../shell/lazy-parts';
import {
  type MenuAction,
  MenuOnFirstUse,
  usePreloadedActionsMenu,
} from '../../shell/menu-on-first-use';
import { HOME_PATH, href } from '../../shell/paths';
import frame from '../../shell/screen.module.css';
import { ScreenHeader } from '../../shell/screen-header';
import { ScreenLoading, ScreenUnavailable } from '../../shell/screen-states';
import { useBotId } from '../../shell/use-bot-id';
import { PeopleTab } from './people-tab';
import {
  DEFAULT_TAB,
  isAdmin,
  isUserTab,
  type Member,
  USER_TABS,
  type UsersChange,
  type UserTab,
} from './user-tabs';
import styles from './users.module.css';

/** The screen's own English texts, which travel in its chunk rather than the first bundle. */
const ENGLISH = { usersPage: usersPageTexts };

// Dialogs that open only after a tap load then, keeping Radix's dialog out of the first load.
const ProfileDialog = lazyPart(() => import('./profile-dialog').then((m) => m.ProfileDialog)).Part;
const PermissionsDialog = lazyPart(() =>
  import('./permissions-dialog').then((m) => m.PermissionsDialog),
).Part;

/** The changes that ask first, naming the person. */
type Confirmed = 'ban' | 'unban' | 'remove';

/** What the screen has open over the lists. */
type Open =
  | { kind: 'profile'; person: Member }
  | { kind: Confirmed; person: Member }
  | { kind: 'promote' | 'edit'; person: Member };

/** Each change: the permission it needs, where the person goes, and what is said once done. */
const CHANGES = {
  ban: { action: 'banUser', from: 'users', to: 'banned', done: 'usersPage.done.banned' },
  unban: { action: 'unbanUser', from: 'banned', to: 'users', done: 'usersPage.done.unbanned' },
  remove: { action: 'removeAdmin', from: 'admins', to: 'users', done: 'usersPage.done.removed' },
  promote: {
    action: 'promoteAdmin',
    from: 'users',
    to: 'admins',
    done: 'usersPage.done.promoted',
  },
  edit: { action: 'editAdmin', from: null, to: null, done: 'usersPage.done.edited' },
} as const satisfies Record<
  Confirmed | 'promote' | 'edit',
  { action: BotAction; from: UserTab | null; to: UserTab | null; done: MessageKey }
>;

/**
 * /users?bot=&tab=: the bot's users, admins and banned users in three tabs (the tab kept in the
 * address, replaced rather than pushed, so Back returns to it), each with its own search and
 * "View more". A person's menu offers what the viewer may do on that tab; every change answers
 * with all three lists, which replace the ones shown.
 */
export default function UsersScreen() {
  return (
    <ScreenTexts english={ENGLISH}>
      <UsersPage />
    </ScreenTexts>
  );
}

/** The screen itself, inside its texts. */
function UsersPage() {
  const { t, dir } = useI18n();
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const { report, refuse } = useErrorReport();
  const client = useApiClient();
  const botId = useBotId();
  const data = useUsers(botId);
  const { may, guard } = useActionGuard(botId);
  const dashboardRole = useBotRole(botId);
  const [open, setOpen] = useState<Open | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [change, setChange] = useState<UsersChange | null>(null);
  const [done, setDone] = useState('');
  // The permissions of a promote or edit that failed: the dialog closes before its call, so
  // they are offered again the next time it opens for that person, ticked as they were.
  const [unsaved, setUnsaved] = useState<{ uid: number; permissions: AdminPermissions } | null>(
    null,
  );
  const dashboard = href('dashboard', { bot: botId });
  useBackButton(() => navigate(botId === null ? HOME_PATH : dashboard));
  usePreloadedActionsMenu(!data.isLoading);

  const rawTab = params.get('tab');
  const tab: UserTab = isUserTab(rawTab) ? rawTab : DEFAULT_TAB;
  const chooseTab = (next: string) => {
    if (!isUserTab(next)) return;
    // Replaced, not pushed: Back leaves the screen, and returns to the tab that was open.
    navigate(href('users', { bot: botId, tab: next === DEFAULT_TAB ? null : next }), {
      replace: true,
    });
  };

  const titleId = 'users-title';
  const header = <ScreenHeader id={titleId} title={t('usersPage.title')} />;

  if (botId === null) {
    return (
      <section className={frame.screen} aria-labelledby={titleId}>
        {header}
        <ScreenUnavailable onBack={() => navigate(HOME_PATH, { replace: true })} />
      </section>
    );
  }
  if (data.isLoading) {
    return (
      <section className={frame.screen} aria-labelledby={titleId} aria-busy="true">
        {header}
        <ScreenLoading />
      </section>
    );
  }
  const { users, admins, banned, owner } = data;
  if (!users || !admins || !banned || owner === undefined) {
    // The failure itself was reported in a popup when the load failed.
    return (
      <section className={frame.screen} aria-labelledby={titleId}>
        {header}
        <ScreenUnavailable onRetry={() => data.reload()} onBack={() => navigate(dashboard)} />
      </section>
    );
  }

  // The lists say who the viewer is here (the dashboard may not have been opened first): the
  // owner, or an admin with these permissions. An admin beyond the first page is left unknown.
  const self = admins.find((admin) => admin.id === client.userId);
  const role: BotRole | undefined =
    owner === client.userId || self ? roleOf(client.userId, owner, self) : undefined;
  const mayHere = (action: BotAction) => may(action) && (role === undefined || mayDo(role, action));
  // Which permissions the viewer may grant, edit or remove: the lists' word, else the dashboard's.
  const viewer = role ?? dashboardRole;
  /** Whether the viewer may edit or remove this admin: not one holding a permission they lack. */
  const mayChange = (person: Member) =>
    viewer === undefined || !isAdmin(person) || mayChangeAdmin(viewer, person, undefined);
  /** True when the viewer may; otherwise the restricted dialog, and no call. */
  const allowed = (action: BotAction) => {
    if (!guard(action)) return false;
    if (mayHere(action)) return true;
    refuse();
    return false;
  };

  const photoUrl = (person: Member) => (person.photo ? client.photoUrl(person.photo, botId) : null);

  const run = async (
    kind: keyof typeof CHANGES,
    person: Member,
    permissions?: AdminPermissions,
  ) => {
    const { action, from, to, done: doneKey } = CHANGES[kind];
    if (!allowed(action)) return;
    setBusy(person.id);
    setDone('');
    try {
      if (kind === 'promote' || kind === 'edit') {
        try {
          await data.promote(person.id, permissions as AdminPermissions, kind);
        } catch (error) {
          setUnsaved({ uid: person.id, permissions: permissions as AdminPermissions });
          throw error;
        }
        setUnsaved((kept) => (kept?.uid === person.id ? null : kept));
      } else {
        await data.act(person.id, kind === 'remove' ? 'demote' : kind);
      }
      setChange((last) => ({
        seq: (last?.seq ?? 0) + 1,
        uid: person.id,
        from,
        to,
        ...(permissions ? { permissions } : {}),
      }));
      setDone(t(doneKey, { name: person.name }));
      // The row that had focus left its list: start again from the screen's heading.
      if (from !== null) document.getElementById(titleId)?.focus();
    } catch (error) {
      report(error);
    } finally {
      setBusy(null);
    }
  };

  /** Opens a change's dialog, unless the viewer may not make it. */
  const ask = (kind: Exclude<Open['kind'], 'profile'>, person: Member) => {
    if (allowed(CHANGES[kind].action)) setOpen({ kind, person });
  };

  const trailing = (listTab: UserTab) => (person: Member) => {
    const isOwner = person.id === owner;
    const isSelf = person.id === client.userId;
    if (isOwner || isSelf) {
      return (
        <span className={styles.badges}>
          {isOwner ? <Badge variant="accent">{t('users.owner')}</Badge> : null}
          {isSelf ? <Badge>{t('users.you')}</Badge> : null}
        </span>
      );
    }
    if (busy === person.id) return <Spinner size="sm" label={t('common.saving')} />;
    const actions: MenuAction[] = [
      {
        key: 'profile',
        label: t('usersPage.actions.profile'),
        icon: <InfoIcon />,
        onSelect: () => setOpen({ kind: 'profile', person }),
      },
    ];
    if (listTab === 'users' && mayHere('promoteAdmin')) {
      actions.push({
        key: 'promote',
        label: t('usersPage.actions.promote'),
        icon: <ShieldIcon />,
        onSelect: () => ask('promote', person),
      });
    }
    if (listTab === 'users' && mayHere('banUser')) {
      actions.push({
        key: 'ban',
        label: t('usersPage.actions.ban'),
        icon: <BanIcon />,
        variant: 'destructive',
        onSelect: () => ask('ban', person),
      });
    }
    // An admin holding a permission the viewer lacks is out of the viewer's reach: the actions
    // stay in the menu, disabled, so the viewer sees they exist and are not theirs to take.
    if (listTab === 'admins' && mayHere('editAdmin')) {
      actions.push({
        key: 'edit',
        label: t('usersPage.actions.edit'),
        icon: <SettingsIcon />,
        disabled: !mayChange(person),
        onSelect: () => ask('edit', person),
      });
    }
    if (listTab === 'admins' && mayHere('removeAdmin')) {
      actions.push({
        key: 'remove',
        label: t('usersPage.actions.remove'),
        icon: <TrashIcon />,
        variant: 'destructive',
        disabled: !mayChange(person),
        onSelect: () => ask('remove', person),
      });
    }
    if (listTab === 'banned' && mayHere('unbanUser')) {
      actions.push({
        key: 'unban',
        label: t('usersPage.actions.unban'),
        icon: <CheckCircleIcon />,
        onSelect: () => ask('unban', person),
      });
    }
    return (
      <MenuOnFirstUse
        label={t('usersPage.actionsFor', { name: person.name })}
        variant="ghost"
        disabled={busy !== null}
        icon={<MoreIcon />}
        actions={actions}
      />
    );
  };

  const close = (next: boolean) => {
    if (!next) setOpen(null);
  };
  const firstPages = { users, admins, banned } as const;

  return (
    <section
      className={frame.screen}
      aria-labelledby={titleId}
      aria-busy={busy !== null || undefined}
    >
      {header}
      <p role="status" className={styles.done}>
        {done}
      </p>
      <Tabs value={tab} onValueChange={chooseTab} dir={dir} className={styles.tabs}>
        <TabsList aria-label={t('usersPage.tabsLabel')}>
          {USER_TABS.map((name) => (
            <TabsTrigger key={name} value={name}>
              {t(`users.tabs.${name}` as const)}
            </TabsTrigger>
          ))}
        </TabsList>
        {USER_TABS.map((name) => (
          // Kept mounted while hidden, so each tab keeps its search and loaded pages.
          <TabsContent key={name} value={name} forceMount className={styles.panel}>
            <PeopleTab
              tab={name}
              firstPage={firstPages[name]}
              change={change}
              search={data.search}
              viewMore={data.viewMore}
              photoUrl={photoUrl}
              trailing={trailing(name)}
            />
          </TabsContent>
        ))}
      </Tabs>

      <Suspense fallback={null}>
        {open?.kind === 'profile' ? (
          <ProfileDialog
            person={open.person}
            photoUrl={photoUrl(open.person)}
            onOpenChange={close}
          />
        ) : null}
        {open?.kind === 'ban' || open?.kind === 'unban' || open?.kind === 'remove' ? (
          <LazyConfirmDialog
            open
            onOpenChange={close}
            variant={open.kind === 'unban' ? 'default' : 'destructive'}
            title={t(`usersPage.${open.kind}.title` as const, { name: open.person.name })}
            text={t(`usersPage.${open.kind}.text` as const, { name: open.person.name })}
            confirmLabel={t(`usersPage.${open.kind}.confirm` as const)}
            cancelLabel={t('common.cancel')}
            onConfirm={() => run(open.kind, open.person)}
          />
        ) : null}
        {open?.kind === 'promote' || open?.kind === 'edit' ? (
          <PermissionsDialog
            mode={open.kind}
            person={open.person}
            unsaved={unsaved?.uid === open.person.id ? unsaved.permissions : undefined}
            viewer={viewer}
            onOpenChange={close}
            onConfirm={(permissions) => run(open.kind, open.person, permissions)}
          />
        ) : null}
      </Suspense>
    </section>
  );
}
