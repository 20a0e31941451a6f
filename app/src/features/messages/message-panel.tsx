import type { Message, MessagesChoices } from '@botdeck/api';
import { namesByLock, type PlanTier } from '@botdeck/core';
import { useClosingConfirmation, usePlatform } from '@botdeck/platform';
import {
  Banner,
  Button,
  type ButtonGridEditorOptions,
  MessageEditor,
  type MessageEditorValue,
  sameMessageEditorValue,
} from '@botdeck/ui';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useI18n } from '../../i18n';
import '../../i18n/validation-texts';
import { useEditorTexts } from '../../shell/editor-texts';
import { useDraft } from '../../shell/use-draft';
import {
  draftDiffers,
  editorValueFromStored,
  editorValueOf,
  parseStoredDraft,
  storedDraftOf,
} from './message-draft';
import styles from './messages.module.css';

const NO_CHOICES: MessagesChoices = { menus: [], questions: [], startPayloads: [] };

export interface MessagePanelProps {
  /** The message as the server last sent it. */
  message: Message;
  /** What the message is called in the list: "Message 2", "Question"… */
  name: string;
  /** The bot's username: start links of Start Payload buttons and the upload link. */
  username: string;
  /** The bot's plan: the text's length limit and the popup length of buttons. */
  tier: PlanTier;
  /** Offer the emoji effect: the start message only. */
  showEffect: boolean;
  /** The bot's menus, Q&A and start payloads, offered as button values. */
  choices: MessagesChoices | undefined;
  /** Where this message's unsaved edits are kept (drafts.ts). */
  draftKey: string;
  /** Puts the focus on the panel's heading when it appears (after a save replaced the panel). */
  focusOnMount: boolean;
  /**
   * Saves the editor's value; rejects (after reporting) when the server refused or could not be
   * reached.
   */
  onSave: (value: MessageEditorValue) => Promise<void>;
  /** Told the editor's value as it changes, so the screen can hand the edits to a test drive. */
  onValueChange?: (value: MessageEditorValue) => void;
  /** Told whenever the edits start or stop differing from the saved message. */
  onDirtyChange: (dirty: boolean) => void;
  /** The viewer may read the message but not change it: its preview alone, no draft offered. */
  readOnly?: boolean;
}

/**
 * The editor of the chosen message. Unsaved edits are kept as a draft while they differ from
 * the saved message, offered back when the message is opened again, and cleared once saved or
 * undone; Telegram asks before closing while there are any. The screen gives the panel a new
 * `key` for each message and after each save, so it always starts from the saved message.
 */
export function MessagePanel({
  message,
  name,
  username,
  tier,
  showEffect,
  choices,
  draftKey,
  focusOnMount,
  onSave,
  onDirtyChange,
  onValueChange,
  readOnly = false,
}: MessagePanelProps) {
  const { t, locale, dir } = useI18n();
  const platform = usePlatform();
  const texts = useEditorTexts();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const panel = useRef<HTMLElement>(null);

  const saved = useMemo(() => editorValueOf(message, username), [message, username]);
  const buttonOptions = useMemo(
    () => buttonOptionsOf(choices ?? NO_CHOICES, tier),
    [choices, tier],
  );
  const [value, setValue] = useState(saved);
  // The message as read anew (the page came back while a save was still on its way, say): an
  // editor left untouched follows it, so the next save never sends the older text back.
  const [followed, setFollowed] = useState(saved);
  if (followed !== saved) {
    setFollowed(saved);
    if (sameMessageEditorValue(value, followed)) setValue(saved);
  }
  const dirty = !sameMessageEditorValue(value, saved);

  const draft = useDraft(draftKey, parseStoredDraft);
  const [offerSettled, setOfferSettled] = useState(false);
  const offer =
    !offerSettled && draft.stored && draftDiffers(draft.stored, saved) ? draft.stored : null;
  // Once saved, this panel is about to be replaced; nothing it still sees is a draft.
  const finished = useRef(false);

  useClosingConfirmation(dirty);

  useEffect(() => {
    onDirtyChange(dirty);
  }, [dirty, onDirtyChange]);

  useEffect(() => {
    onValueChange?.(value);
  }, [value, onValueChange]);

  useEffect(() => {
    if (focusOnMount) heading.current?.focus({ preventScroll: true });
  }, [focusOnMount]);

  const { stored, save: keepDraft, clear: clearDraft } = draft;
  useEffect(() => {
    // Until the old draft has been read, writing would overwrite what is about to be offered.
    if (stored === undefined || finished.current) return;
    if (dirty) keepDraft(storedDraftOf(value));
    // While an old draft is on offer, it stays stored until the user chooses.
    else if (!offer) clearDraft();
  }, [stored, dirty, value, offer, keepDraft, clearDraft]);

  const restore = () => {
    if (!offer) return;
    setValue(editorValueFromStored(offer));
    setOfferSettled(true);
    // The banner and its buttons are gone: the text is where the user goes on from.
    requestAnimationFrame(() => panel.current?.querySelector('textarea')?.focus());
  };

  const discard = () => {
    setOfferSettled(true);
    heading.current?.focus({ preventScroll: true });
  };

  // The screen saves; once it has, the kept draft is old news.
  const save = async (edited: MessageEditorValue) => {
    await onSave(edited);
    finished.current = true;
    clearDraft();
  };

  const uploadUrl = `https://t.me/${username}?start=fileid`;

  return (
    <section ref={panel} className={styles.panel} aria-labelledby={headingId}>
      <h2 ref={heading} id={headingId} tabIndex={-1} className={styles.panelTitle}>
        {name}
      </h2>
      {offer && !readOnly ? (
        <Banner
          title={t('messages.draft.title')}
          text={
            offer.media.pickedFile
              ? `${t('messages.draft.text')} ${t('messages.draft.fileAgain', { name: offer.media.pickedFile })}`
              : t('messages.draft.text')
          }
          actions={
            <>
              <Button onClick={restore}>{t('messages.draft.restore')}</Button>
              <Button variant="secondary" onClick={discard}>
                {t('messages.draft.discard')}
              </Button>
            </>
          }
        />
      ) : null}
      <MessageEditor
        className={styles.editor}
        value={value}
        onValueChange={setValue}
        initialValue={saved}
        tier={tier}
        showEffect={showEffect}
        buttonOptions={buttonOptions}
        onSave={save}
        readOnly={readOnly}
        labels={texts.labels}
        mediaLabels={texts.mediaLabels}
        buttonLabels={texts.buttonLabels}
        previewLabels={texts.previewLabels}
        formatError={texts.formatError}
        uploadViaTelegramUrl={uploadUrl}
        onOpenUploadLink={(url) => platform.openTelegramLink(url)}
        locale={locale}
        dir={dir}
      />
    </section>
  );
}

/**
 * The bot's items a button may point at, each list split by the plan (core's `namesByLock`):
 * an item past the plan's limit is offered disabled, saying why, never as a value to pick.
 */
function buttonOptionsOf(choices: MessagesChoices, tier: PlanTier): ButtonGridEditorOptions {
  const menus = namesByLock(tier, 'menu', choices.menus);
  const questions = namesByLock(tier, 'question', choices.questions);
  const startPayloads = namesByLock(tier, 'startPayload', choices.startPayloads);
  return {
    menus: menus.open,
    questions: questions.open,
    startPayloads: startPayloads.open,
    locked: {
      menus: menus.locked,
      questions: questions.locked,
      startPayloads: startPayloads.locked,
    },
  };
}
