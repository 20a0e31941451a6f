import { isApiError, useMessages } from '@botdeck/api';
import {
  canAddItem,
  canDeleteMessage,
  countedMessages,
  LIST_ITEMS,
  type MessageSetKind,
  messagesApiPath,
  planLimit,
  tierFromPro,
  visibleOr,
} from '@botdeck/core';
import { useBackButton, usePlatform } from '@botdeck/platform';
import {
  Badge,
  Button,
  CheckCircleIcon,
  EmptyState,
  type MessageEditorValue,
  PlusIcon,
} from '@botdeck/ui';
import { Suspense, useCallback, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import editorTexts from '../../../../locales/en.json?screen=editor';
import messagesTexts from '../../../../locales/en.json?screen=messages';
import { ScreenTexts, useI18n } from '../../i18n';
import { useActionGuard } from '../../shell/action-guard';
import { messageItemIndex } from '../../shell/address-params';
import { draftStoreFor } from '../../shell/drafts';
import { useErrorReport } from '../../shell/error-reporting';
import { LazyConfirmDialog, LazyErrorDialog } from '../../shell/lazy-parts';
import { HOME_PATH, href } from '../../shell/paths';
import { PLAN_LABEL_KEYS } from '../../shell/plan-labels';
import { ReadOnlyNote } from '../../shell/read-only-note';
import screenStyles from '../../shell/screen.module.css';
import { ScreenHeader } from '../../shell/screen-header';
import { ScreenLoading, ScreenUnavailable } from '../../shell/screen-states';
import { putTestDriveDraft } from '../../shell/test-drive-hand-over';
import { useUpgradePrompt } from '../../shell/upgrade-prompt';
import { useBotId } from '../../shell/use-bot-id';
import {
  draftDiffers,
  draftKeyOf,
  editorValueFromStored,
  editorValueOf,
  parseStoredDraft,
  testDriveMessageOf,
  uploadDataOf,
} from './message-draft';
import { MessageList } from './message-list';
import { MessagePanel } from './message-panel';
import styles from './messages.module.css';

export interface MessagesScreenProps {
  /**
   * The kind of message set the page edits: a menu's, a Q&A's, a command's or a start payload's
   * messages, or the start message.
   */
  kind: MessageSetKind;
}

/** The screen's own English texts, which travel in its chunk rather than the first bundle. */
const ENGLISH = { messages: messagesTexts, editor: editorTexts };

/**
 * /menu-messages, /qa-messages, /cmd-messages, /sp-messages (`?bot=&ind=`) and /startmsg
 * (`?bot=`): the messages the bot sends for one item, or on /start. Each opens in the message
 * editor; messages are added within the plan and deleted under SPEC 5's rules (an item keeps its
 * first message, a Q&A its question), always showing the list the server answered.
 */
export function MessagesScreen({ kind }: MessagesScreenProps) {
  return (
    <ScreenTexts english={ENGLISH}>
      <MessagesPage kind={kind} />
    </ScreenTexts>
  );
}

/** The screen itself, inside its texts. */
function MessagesPage({ kind }: MessagesScreenProps) {
  const { t, n } = useI18n();
  const platform = usePlatform();
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const { report } = useErrorReport();
  const botId = useBotId();
  const itemIndex = messageItemIndex(kind, params.get('ind'));
  const path = messagesApiPath(kind);
  const { messages, username, pro, name, choices, error, isLoading, add, remove, save, reload } =
    useMessages(path, botId, itemIndex);
  const { promptUpgrade, upgradeDialog } = useUpgradePrompt(botId);
  // Adding, deleting and saving need manage_msg; reading the messages does not. An admin known
  // to lack it sees each message as members do and is offered no change; where the role is not
  // known, saving is refused on the spot or by the server.
  const { may, guard } = useActionGuard(botId);
  const canEdit = may('editContent');

  const [selected, setSelected] = useState(0);
  // Bumped after each save, so the editor starts again from the message the server stored.
  const [revision, setRevision] = useState(0);
  // After a save the new editor takes the focus from the Save button that went away.
  const [focusAfterSave, setFocusAfterSave] = useState(false);
  /** What the last change did, said in the reader's language as it renders; null: nothing yet. */
  const [status, setStatus] = useState<
    'messages.added' | 'messages.deleted' | 'messages.saved' | null
  >(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [trying, setTrying] = useState(false);
  /** The open editor's value as it is now, edits included: what "Try it" hands over for it. */
  const edited = useRef<{ index: number; value: MessageEditorValue } | null>(null);
  const noteEdit = useCallback((index: number, value: MessageEditorValue) => {
    edited.current = { index, value };
  }, []);

  const back =
    botId === null
      ? HOME_PATH
      : href(kind === 'startMessage' ? 'dashboard' : LIST_ITEMS[kind].route, { bot: botId });
  useBackButton(() => navigate(back));

  const onDirtyChange = useCallback((dirty: boolean) => {
    // The last result is old news once the user edits again.
    if (dirty) setStatus(null);
  }, []);

  const titleId = `messages-${kind}-title`;
  const kindLabel = kind === 'startMessage' ? null : t(`messages.kind.${kind}` as const);
  const fallbackTitle = kindLabel ?? t('messages.startMessage');

  if (botId === null || itemIndex === null) {
    return (
      <section className={screenStyles.screen} aria-labelledby={titleId}>
        <ScreenHeader id={titleId} title={fallbackTitle} />
        <ScreenUnavailable onBack={() => navigate(back, { replace: true })} />
      </section>
    );
  }
  if (isLoading) return <ScreenLoading />;
  if (!messages || !pro || username === undefined) {
    // The failure was reported already (popup; `nav` returns to the bot list). A refusal such
    // as a locked item is said again here, since trying again cannot change it.
    const refused = isApiError(error) && error.kind === 'server' && error.msg ? error.msg : null;
    return (
      <section className={screenStyles.screen} aria-labelledby={titleId}>
        <ScreenHeader id={titleId} title={fallbackTitle} />
        {refused ? (
          <EmptyState
            title={refused}
            action={<Button onClick={() => navigate(back)}>{t('common.back')}</Button>}
          />
        ) : (
          <ScreenUnavailable onRetry={() => void reload()} onBack={() => navigate(back)} />
        )}
      </section>
    );
  }

  const tier = tierFromPro(pro);
  const limit = planLimit(tier, 'messagesPerItem');
  const counted = countedMessages(kind, messages.length);
  const usage =
    kind === 'question'
      ? t('messages.usageResponses', { used: counted, count: limit })
      : t('messages.usage', { used: counted, count: limit });
  const current = Math.min(selected, messages.length - 1);
  const message = messages[current];
  // A name with nothing to see (blank, zero-width) would leave the heading empty.
  const title =
    kind === 'startMessage' ? t('messages.startMessage') : visibleOr(name, fallbackTitle);

  const entryName = (index: number) =>
    kind === 'question'
      ? index === 0
        ? t('messages.question')
        : t('messages.response', { n: index })
      : t('messages.message', { n: index + 1 });
  const marker = (index: number) =>
    kind === 'question' ? (index === 0 ? '?' : n(index)) : n(index + 1);
  const draftKey = (index: number) =>
    draftKeyOf(botId, kind, { index: itemIndex, name: name ?? '' }, index);

  const select = (index: number) => {
    setSelected(index);
    setFocusAfterSave(false);
    setStatus(null);
  };

  const addMessage = async () => {
    if (adding || deleting !== null || !guard('editContent')) return;
    // At the limit the server would only refuse: say why at once and offer the plans.
    if (!canAddItem(tier, 'message', counted)) {
      promptUpgrade();
      return;
    }
    setAdding(true);
    try {
      const answer = await add();
      setSelected(answer.messages.length - 1);
      setFocusAfterSave(false);
      // The app's own words: the server speaks English.
      setStatus('messages.added');
    } catch (failure) {
      report(failure);
    } finally {
      setAdding(false);
    }
  };

  const askToDelete = (index: number) => {
    if (deleting !== null || adding || !guard('editContent')) return;
    const rule = canDeleteMessage({ kind, index, count: messages.length });
    if (rule) setRefusal(t(rule));
    else setToDelete(index);
  };

  const deleteMessage = async (index: number) => {
    const count = messages.length;
    setDeleting(index);
    try {
      await remove(index);
      // The messages after it moved up one place, and so must their drafts. Queued at once,
      // before the editor reads the draft of the message it shows next.
      const drafts = draftStoreFor(platform.cloudStorage);
      const logged = (work: Promise<void>) =>
        work.catch((failure: unknown) => console.error('Could not move a draft', failure));
      logged(drafts.remove(draftKey(index)));
      for (let later = index + 1; later < count; later += 1) {
        logged(drafts.move(draftKey(later), draftKey(later - 1)));
      }
      setSelected((open) => (open > index || (open === index && index > 0) ? open - 1 : open));
      setFocusAfterSave(false);
      setStatus('messages.deleted');
    } catch (failure) {
      report(failure);
    } finally {
      setDeleting(null);
    }
  };

  const saveMessage = async (value: MessageEditorValue) => {
    // Refused before the call; the editor keeps the edits (and their draft) as typed.
    if (!guard('editContent')) throw new Error('Not allowed to change messages');
    try {
      await save(
        uploadDataOf(value, { kind, itemIndex, index: current, username }),
        value.media.file,
      );
      setFocusAfterSave(true);
      setRevision((count) => count + 1);
      setStatus('messages.saved');
    } catch (failure) {
      report(failure);
      throw failure;
    }
  };

  /**
   * Opens the test drive at this set, with every message as the editor has it: the open one as
   * typed, the others with the drafts kept for them, the rest as saved (issue 36).
   */
  const tryIt = async () => {
    if (trying) return;
    setTrying(true);
    try {
      const drafts = draftStoreFor(platform.cloudStorage);
      const tried = await Promise.all(
        messages.map(async (stored, index) => {
          const place = { kind, itemIndex, index, username };
          const saved = editorValueOf(stored, username);
          if (index === current && edited.current?.index === index)
            return testDriveMessageOf(edited.current.value, place);
          const kept = parseStoredDraft(await drafts.read(draftKey(index)).catch(() => null));
          if (!kept || !draftDiffers(kept, saved)) return testDriveMessageOf(saved, place);
          const tried = testDriveMessageOf(editorValueFromStored(kept), place);
          // A file picked on the device is not kept with the draft: not uploaded, not tried.
          return kept.media.pickedFile === null
            ? tried
            : {
                message: { ...tried.message, media: null, media_type: null, ufile: null },
                newMedia: true,
              };
        }),
      );
      putTestDriveDraft(botId, {
        draft: {
          act: path,
          mi: kind === 'startMessage' ? 0 : itemIndex,
          messages: tried.map((each) => each.message),
        },
        name: name ?? '',
        newMedia: tried.some((each) => each.newMedia),
      });
      navigate(href('testdrive', { bot: botId, set: path, ind: itemIndex }));
    } finally {
      setTrying(false);
    }
  };

  const busy = adding || deleting !== null;

  return (
    <section
      className={screenStyles.screen}
      aria-labelledby={titleId}
      aria-busy={busy || undefined}
    >
      <ScreenHeader
        id={titleId}
        title={<bdi>{kind === 'command' ? `/${title}` : title}</bdi>}
        subtitle={
          <>
            {kindLabel ? (
              <>
                <span>{kindLabel}</span>
                <span aria-hidden="true">·</span>
              </>
            ) : null}
            <span>{usage}</span>
            <Badge variant={tier === 'free' ? 'neutral' : 'accent'}>
              {t(PLAN_LABEL_KEYS[tier])}
            </Badge>
          </>
        }
        actions={
          <>
            <Button size="sm" variant="secondary" loading={trying} onClick={() => void tryIt()}>
              {t('messages.tryIt')}
            </Button>
            {canEdit ? (
              <Button size="sm" loading={adding} disabled={deleting !== null} onClick={addMessage}>
                <PlusIcon />
                {t('messages.add')}
              </Button>
            ) : null}
          </>
        }
      />

      {canEdit ? null : (
        <ReadOnlyNote>
          {t('messages.readOnly', { permission: t('permissions.manage_msg') })}
        </ReadOnlyNote>
      )}

      <MessageList
        messages={messages}
        selected={current}
        entryName={entryName}
        marker={marker}
        deleting={deleting}
        busy={busy}
        onSelect={select}
        onDelete={canEdit ? askToDelete : undefined}
      />

      {message ? (
        <MessagePanel
          key={`${current}-${revision}`}
          message={message}
          name={entryName(current)}
          username={username}
          tier={tier}
          showEffect={kind === 'startMessage'}
          choices={choices}
          draftKey={draftKey(current)}
          focusOnMount={focusAfterSave}
          onSave={saveMessage}
          onDirtyChange={onDirtyChange}
          onValueChange={(value) => noteEdit(current, value)}
          readOnly={!canEdit}
        />
      ) : null}

      <p role="status" className={styles.status}>
        {status ? (
          <>
            <span className={styles.statusIcon}>
              <CheckCircleIcon size={18} aria-hidden="true" />
            </span>
            {t(status)}
          </>
        ) : null}
      </p>

      <Suspense fallback={null}>
        {toDelete !== null ? (
          <LazyConfirmDialog
            open
            onOpenChange={(open) => {
              if (!open) setToDelete(null);
            }}
            variant="destructive"
            title={t('messages.deleteTitle', { name: entryName(toDelete) })}
            text={t('messages.deleteText')}
            confirmLabel={t('common.delete')}
            cancelLabel={t('common.cancel')}
            onConfirm={() => deleteMessage(toDelete)}
          />
        ) : null}
        {refusal ? (
          <LazyErrorDialog
            open
            onOpenChange={(open) => {
              if (!open) setRefusal(null);
            }}
            variant="invalid"
            message={refusal}
            titles={{ invalid: t('dialog.titles.invalid') }}
            okLabel={t('common.ok')}
          />
        ) : null}
      </Suspense>
      {upgradeDialog}
    </section>
  );
}
