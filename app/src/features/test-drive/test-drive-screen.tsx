import { type TestDriveScene, type TestDriveView, useApiClient } from '@botdeck/api';
import {
  chatLinkUsername,
  encodeStartPayloadButton,
  isStartLinkOf,
  MESSAGES_API_PATHS,
  safeUrl,
} from '@botdeck/core';
import { useBackButton, usePlatform } from '@botdeck/platform';
import {
  Button,
  ChatView,
  EmptyState,
  IconButton,
  ImageIcon,
  MessageIcon,
  SegmentedControl,
  StickerIcon,
} from '@botdeck/ui';
import { useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import testDriveTexts from '../../../../locales/en.json?screen=testDrive';
import { ScreenTexts, useI18n } from '../../i18n';
import { parseBotId } from '../../shell/address-params';
import { HOME_PATH, href } from '../../shell/paths';
import frame from '../../shell/screen.module.css';
import { ScreenLoading, ScreenUnavailable } from '../../shell/screen-states';
import { handedTestDriveDraft, type TestDriveHandOver } from '../../shell/test-drive-hand-over';
import { chatItemsOf, chatLabelsOf } from './chat-items';
import styles from './test-drive.module.css';
import { type Opening, useTestDrive } from './use-test-drive';

/** The screen's own English texts, which travel in its chunk rather than the first bundle. */
const ENGLISH = { testDrive: testDriveTexts };

/** The test drive's refusals (the server's TestDriveFailure), as keys of `testDrive.errors`. */
const REFUSALS = [
  'gone',
  'serverBusy',
  'draftMissing',
  'draftMedia',
  'notHere',
  'refused',
  'notInDrive',
  'unavailable',
] as const;
type RefusalKey = (typeof REFUSALS)[number];

/**
 * The key of a test drive refusal the server said (it speaks English: its words are these
 * texts, read from the same file), so it is shown in the reader's language; null for another.
 */
function refusalKeyOf(msg: string): RefusalKey | null {
  const english = testDriveTexts.errors;
  if (typeof english !== 'object') return null;
  return REFUSALS.find((key) => english[key] === msg) ?? null;
}

/**
 * A join button of a chat the bot requires that the session holds (`https://t.me/<username>`,
 * one of the view's `joinable`): the drive joins it, as Telegram's client opens it to join.
 */
function isJoinLink(url: string, joinable: readonly string[]): boolean {
  const username = chatLinkUsername(url);
  return username !== null && joinable.some((each) => each.toLowerCase() === username);
}

/** What the drive does first when a message set's "Try it" opened it. */
function openingFor(
  set: string | null,
  handOver: TestDriveHandOver | null,
): ((view: TestDriveView) => Opening | null) | null {
  switch (set) {
    case 'startmsg':
      return () => ({ action: { type: 'start' }, focus: 'first' });
    case 'cmdmsgs':
      return handOver?.name
        ? () => ({
            action: { type: 'send', text: `/${handOver.name.toLowerCase()}` },
            focus: 'first',
          })
        : () => ({ action: { type: 'start' }, focus: 'first' });
    case 'spmsgs':
      return (view) => {
        if (!handOver?.name) return { action: { type: 'start' }, focus: 'first' };
        // The payload the bot's start links carry, encoded as core encodes its buttons.
        const startLink = encodeStartPayloadButton(view.username, handOver.name).value;
        const payload = new URL(startLink).searchParams.get('start') ?? undefined;
        return { action: { type: 'start', ...(payload ? { payload } : {}) }, focus: 'first' };
      };
    case 'menumsgs':
    case 'qamsgs':
      // The bot's last message: the owner presses their way on from there.
      return () => ({ action: { type: 'start' }, focus: 'last' });
    default:
      return null;
  }
}

/**
 * /testdrive?bot=&scene=&set=&ind= (issue 36): the owner or an admin talks to their bot as a new
 * user would, in a private session the server runs through the real bot runtime, in its private
 * chat or in a group it protects. Opened from a message set, it tries that set's unsaved edits.
 */
export default function TestDriveScreen() {
  return (
    <ScreenTexts english={ENGLISH}>
      <TestDrivePage />
    </ScreenTexts>
  );
}

/** The screen itself, inside its texts. */
function TestDrivePage() {
  const { t } = useI18n();
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const botId = parseBotId(params.get('bot'));
  const leave = botId === null ? HOME_PATH : href('dashboard', { bot: botId });
  useBackButton(() => navigate(leave));

  if (botId === null) {
    return (
      <section className={frame.screen} aria-label={t('testDrive.title')}>
        <ScreenUnavailable onBack={() => navigate(HOME_PATH, { replace: true })} />
      </section>
    );
  }
  return <Drive botId={botId} leave={leave} />;
}

function Drive({ botId, leave }: { botId: number; leave: string }) {
  const { t, locale, dir } = useI18n();
  const platform = usePlatform();
  const client = useApiClient();
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const scene: TestDriveScene = params.get('scene') === 'group' ? 'group' : 'private';
  const rawSet = params.get('set');
  const set = MESSAGES_API_PATHS.find((path) => path === rawSet) ?? null;
  const rawInd = params.get('ind');
  const ind = rawInd !== null && /^\d{1,6}$/.test(rawInd) ? Number(rawInd) : null;
  const handOver = useMemo(() => handedTestDriveDraft(botId, set, ind), [botId, set, ind]);
  const opening = useMemo(() => openingFor(set, handOver), [set, handOver]);

  const { state, act, restart } = useTestDrive({
    botId,
    scene,
    draft: handOver?.draft ?? null,
    opening,
  });
  const [closedNotice, setClosedNotice] = useState<string | null>(null);

  const chooseScene = (next: string) => {
    if (next === scene) return;
    navigate(
      href('testdrive', { bot: botId, scene: next === 'group' ? 'group' : null, set, ind }),
      { replace: true },
    );
  };

  const sceneControl = (
    <SegmentedControl
      className={styles.scene}
      label={t('testDrive.scene')}
      dir={dir}
      value={scene}
      onValueChange={chooseScene}
      options={[
        { value: 'private', label: t('testDrive.private') },
        { value: 'group', label: t('testDrive.group') },
      ]}
    />
  );

  const notes = handOver ? (
    <p className={styles.note}>
      {t('testDrive.draft')}
      {handOver.newMedia ? <> {t('testDrive.newMedia')}</> : null}
    </p>
  ) : null;

  if (state.status === 'loading') {
    return (
      <section className={styles.screen} aria-label={t('testDrive.title')} aria-busy="true">
        <div className={styles.controls}>
          {sceneControl}
          {notes}
        </div>
        <ScreenLoading />
      </section>
    );
  }

  if (state.status === 'failed') {
    const key = state.refusal === null ? null : refusalKeyOf(state.refusal);
    const said = key ? t(`testDrive.errors.${key}`) : state.refusal;
    return (
      <section className={styles.screen} aria-label={t('testDrive.title')}>
        <div className={styles.controls}>{sceneControl}</div>
        {said === null ? (
          <ScreenUnavailable onRetry={restart} onBack={() => navigate(leave)} />
        ) : (
          <EmptyState
            title={said}
            action={
              <div className={frame.actions}>
                <Button onClick={restart}>{t('common.retry')}</Button>
                <Button variant="secondary" onClick={() => navigate(leave)}>
                  {t('common.back')}
                </Button>
              </div>
            }
          />
        )}
      </section>
    );
  }

  const { view, pending, refusal, focus } = state;
  const refusalKey = refusal === null ? null : refusalKeyOf(refusal);
  const gone = refusalKey === 'gone';
  const member = view.member;
  const group = view.scene === 'group';
  // A notice closed stays closed (the view keeps it until the next act); known by its session
  // too, as a new session counts its notices afresh.
  const noticeKey = view.notice ? `${view.session}:${view.notice.id}` : null;
  const notice = noticeKey !== null && noticeKey !== closedNotice ? view.notice : null;

  const openLink = (url: string, messageId: number, row: number, column: number) => {
    // A start link of this very bot the drive follows, as Telegram's client would.
    if (isStartLinkOf(url, view.username) || isJoinLink(url, view.joinable)) {
      void act({ type: 'press', message_id: messageId, row, column });
      return;
    }
    // A place on the web, as a link in a message names one: never a page of the app.
    const link = safeUrl(url, { paths: false });
    if (link) platform.openLink(link);
  };

  const standing =
    group && (member === 'restricted' || member === 'banned')
      ? t(`testDrive.standing.${member}`)
      : null;

  // Beside the field, as Telegram's own buttons there: Join until the person is in the group
  // (nothing can be posted before), then what they post, as icons so the field keeps its room.
  const postIcons = { sticker: StickerIcon, photo: ImageIcon, flood: MessageIcon } as const;
  const actions = group ? (
    <fieldset className={styles.actions} aria-label={t('testDrive.actions.label')}>
      {member === 'none' ? (
        <Button size="sm" disabled={pending || gone} onClick={() => void act({ type: 'join' })}>
          {t('testDrive.actions.join')}
        </Button>
      ) : (
        (['sticker', 'photo', 'flood'] as const).map((kind) => {
          const Icon = postIcons[kind];
          return (
            <IconButton
              key={kind}
              label={t(`testDrive.actions.${kind}`)}
              disabled={member === 'banned' || pending || gone}
              onClick={() => void act({ type: 'post', kind })}
            >
              <Icon />
            </IconButton>
          );
        })
      )}
    </fieldset>
  ) : undefined;

  return (
    <section className={styles.screen} aria-label={t('testDrive.title')}>
      <div className={styles.controls}>
        {sceneControl}
        {notes}
        {standing ? <p className={styles.standing}>{standing}</p> : null}
        {refusal !== null ? (
          <div role="alert" className={styles.refusal}>
            <p>{refusalKey ? t(`testDrive.errors.${refusalKey}`) : refusal}</p>
            {gone ? (
              <Button size="sm" onClick={restart}>
                {t('testDrive.startAgain')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className={styles.chat}>
        <ChatView
          title={view.title}
          subtitle={group ? t('testDrive.members', { count: view.members }) : t('testDrive.bot')}
          items={chatItemsOf(view.items, view.scene, t, client.testDriveFileUrl)}
          locale={locale}
          started={group || view.started}
          onStart={() => void act({ type: 'start' })}
          pending={pending || view.answering}
          disabled={gone || (group && (member === 'none' || member === 'banned'))}
          // One act at a time: a message typed meanwhile stays in the field until it can go.
          busy={pending}
          notice={notice}
          onNoticeClose={() => setClosedNotice(noticeKey)}
          commands={view.commands}
          onSend={(text) => void act({ type: 'send', text })}
          onPress={(messageId, row, column) =>
            void act({ type: 'press', message_id: messageId, row, column })
          }
          onOpenLink={openLink}
          composerActions={actions}
          focusMessageId={focus}
          labels={chatLabelsOf(t)}
        />
      </div>
    </section>
  );
}
