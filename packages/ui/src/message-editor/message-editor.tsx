import {
  EMOJI_EFFECT_SYMBOLS,
  EMOJI_EFFECTS,
  type EmojiEffect,
  type KeyboardRows,
  mediaNameFromUrl,
  type PlanTier,
  planLimit,
  type ValidationIssue,
  validateMessage,
} from '@botdeck/core';
import { cva } from 'class-variance-authority';
import { type ComponentProps, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../button';
import {
  ButtonGridEditor,
  type ButtonGridEditorLabels,
  type ButtonGridEditorOptions,
} from '../button-grid-editor';
import { fieldErrorId } from '../field';
import { TrashIcon } from '../icons';
import { MediaPicker, type MediaPickerLabels, type MediaValue } from '../media-picker';
import { SegmentedControl } from '../segmented-control';
import { Switch } from '../switch';
import { TextArea } from '../text-area';
import { formatValidationIssueInEnglish } from '../texts';
import { cn } from '../utils/cn';
import { partOnFirstUse, usePartOnFirstUse } from '../utils/first-use';
import styles from './message-editor.module.css';
import {
  DEFAULT_MESSAGE_PREVIEW_LABELS,
  MessagePreview,
  type MessagePreviewLabels,
  type MessagePreviewMedia,
} from './message-preview';

/**
 * The editor's value: one bot message as it is being edited (SPEC 3 Message), in the editor's
 * own terms (`html`, a picked `File`, keyboard rows); the app maps it to and from the wire.
 */
export interface MessageEditorValue {
  /** The text, or the caption when there is media. */
  text: string;
  /** Read the text with Telegram's HTML subset (the wire's `parse` flag). */
  html: boolean;
  /** The emoji effect Telegram plays on arrival; only the start message offers one. */
  effect: EmojiEffect;
  /** The media: type, picked file, Telegram file id or stored URL (MediaPicker's value). */
  media: MediaValue;
  /** The inline keyboard, row by row (ButtonGridEditor's value). */
  buttons: KeyboardRows;
}

/** The editor's own visible texts. The media picker and button grid take theirs separately. */
export interface MessageEditorLabels {
  /** The text box's label. */
  text: string;
  /** The HTML-format switch. */
  html: string;
  /** The line under the HTML-format switch. */
  htmlDescription: string;
  /** The media section's heading. */
  media: string;
  /** The buttons section's heading. */
  buttons: string;
  /** The effect choice's heading and accessible name. */
  effect: string;
  /** The preview section's heading. */
  preview: string;
  /** The save button. */
  save: string;
  /** The delete button. */
  delete: string;
  /** The delete confirmation's title. */
  deleteTitle: string;
  /** The delete confirmation's text. */
  deleteText: string;
  /** The delete confirmation's confirm button. */
  deleteConfirm: string;
  /** The delete confirmation's cancel button. */
  cancel: string;
  /** Said when the delete confirmation's code could not be fetched; a tap tries again. */
  loadFailed: string;
  /** The name of each emoji effect, in the choice and on the preview's badge. */
  effects: Record<EmojiEffect, string>;
}

/**
 * The delete confirmation loads on first use: with Radix's dialog machinery (scroll lock, focus
 * trap) it is the largest part of what the editor would otherwise carry in its first load.
 */
const confirmDialog = partOnFirstUse(() =>
  import('../confirm-dialog').then((module) => module.ConfirmDialog),
);

export const DEFAULT_MESSAGE_EDITOR_LABELS: MessageEditorLabels = {
  text: 'Text',
  html: 'HTML format',
  htmlDescription: 'Format with Telegram’s HTML tags: <b>, <i>, <a href>, <code>…',
  media: 'Media',
  buttons: 'Buttons',
  effect: 'Effect',
  preview: 'Preview',
  save: 'Save',
  delete: 'Delete message',
  deleteTitle: 'Delete this message?',
  deleteText: 'The bot stops sending it. This can’t be undone.',
  deleteConfirm: 'Delete',
  cancel: 'Cancel',
  loadFailed: 'An error occurred, try again',
  effects: DEFAULT_MESSAGE_PREVIEW_LABELS.effects,
};

function sameMedia(a: MediaValue, b: MediaValue): boolean {
  return (
    a.type === b.type &&
    a.file === b.file &&
    a.fileId === b.fileId &&
    a.url === b.url &&
    a.remove === b.remove
  );
}

function sameButtons(a: KeyboardRows, b: KeyboardRows): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  return a.every((row, r) => {
    const other = b[r];
    if (!other || other.length !== row.length) return false;
    return row.every((button, c) => {
      const peer = other[c];
      return (
        peer !== undefined &&
        peer.text === button.text &&
        peer.type === button.type &&
        peer.value === button.value
      );
    });
  });
}

/** Whether two values would save the same message. */
export function sameMessageEditorValue(a: MessageEditorValue, b: MessageEditorValue): boolean {
  return (
    a.text === b.text &&
    a.html === b.html &&
    a.effect === b.effect &&
    sameMedia(a.media, b.media) &&
    sameButtons(a.buttons, b.buttons)
  );
}

/**
 * What the preview shows of the media: a picked file (a blob URL for a photo, revoked when it
 * changes), a Telegram file id, or the stored media unless it is being removed.
 */
function useMediaPreview(media: MediaValue): MessagePreviewMedia | null {
  const { type, file, fileId, url, remove } = media;
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || type !== 'photo') {
      setObjectUrl(null);
      return;
    }
    const created = URL.createObjectURL(file);
    setObjectUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file, type]);

  if (!type) return null;
  if (file) return { type, url: objectUrl, name: file.name };
  if (fileId) return { type, name: fileId };
  if (url && !remove) return { type, url, name: mediaNameFromUrl(url) };
  return null;
}

export const messageEditorVariants = cva(styles.root, {
  variants: { state: { idle: null, saving: styles.saving } },
  defaultVariants: { state: 'idle' },
});

export interface MessageEditorProps
  extends Omit<ComponentProps<'div'>, 'children' | 'defaultValue' | 'onChange' | 'dir'> {
  /** The message being edited (controlled); pair it with `onValueChange`. */
  value: MessageEditorValue;
  /** Called with the whole new value after every change. */
  onValueChange: (value: MessageEditorValue) => void;
  /**
   * The message as last saved. Save stays disabled until `value` differs from it. Without it,
   * the first `value` counts as saved. A successful save makes the saved value the new
   * baseline until this prop changes.
   */
  initialValue?: MessageEditorValue;
  /** Told whenever the value starts or stops differing from the saved message. */
  onDirtyChange?: (dirty: boolean) => void;
  /** The bot's plan: the text's length limit (1024 to 4096) and the popup length of buttons. */
  tier?: PlanTier;
  /** Offer the emoji effect choice: the start message only (SPEC 2). */
  showEffect?: boolean;
  /** The bot's menus, questions and start payloads, offered as button values. */
  buttonOptions?: Partial<ButtonGridEditorOptions>;
  /**
   * Saves the value: the editor hands it up and whoever renders the editor saves it. While its
   * promise runs the Save button shows busy and cannot be pressed again. A rejection keeps the
   * value unsaved (and dirty) so it can be retried; the caller reports the error.
   */
  onSave: (value: MessageEditorValue) => Promise<void> | void;
  /** Deletes the message after a destructive confirmation. Without it there is no Delete. */
  onDelete?: () => void;
  /**
   * Shows the message as members see it and nothing to change: the preview alone, for someone
   * who may read the message but not edit it.
   */
  readOnly?: boolean;
  /** The editor's texts; any left out stay English. */
  labels?: Partial<MessageEditorLabels>;
  /** The media picker's texts. */
  mediaLabels?: Partial<MediaPickerLabels>;
  /** The button grid's texts. */
  buttonLabels?: Partial<ButtonGridEditorLabels>;
  /** The preview's texts (effect names come from `labels.effects`). */
  previewLabels?: Partial<MessagePreviewLabels>;
  /**
   * Turns an issue into text, for the editor and the picker and grid inside it. Defaults to
   * English for the keys each produces; the app passes its translator.
   */
  formatError?: (issue: ValidationIssue) => string;
  /** The bot's upload start link, which hands back a file id for a file sent to the bot. */
  uploadViaTelegramUrl?: string;
  /** Opens the upload start link, e.g. with Telegram's openTelegramLink. */
  onOpenUploadLink?: (url: string) => void;
  /** The locale that formats file sizes. */
  locale?: string;
  /** The reading direction for the arrow keys of the choices and the grid; Arabic passes "rtl". */
  dir?: 'ltr' | 'rtl';
}

/**
 * The editor of one bot message (menu, command, start payload, Q&A, start message): text with
 * a counter against the plan's length, the HTML-format switch, media, the inline keyboard, the
 * emoji effect (start message only), a live Telegram-style preview, and Save / Delete. Save is
 * enabled only when the value differs from the saved message and is valid (SPEC 5): an
 * over-long text, or with HTML on a text Telegram would refuse, shows the error (for HTML, the
 * first mistake and its line) and blocks saving without changing what was typed; the preview
 * then says the message would be refused.
 */
export function MessageEditor({
  value,
  onValueChange,
  initialValue,
  onDirtyChange,
  tier = 'free',
  showEffect = false,
  buttonOptions,
  onSave,
  onDelete,
  readOnly = false,
  labels: labelsProp,
  mediaLabels,
  buttonLabels,
  previewLabels,
  formatError,
  uploadViaTelegramUrl,
  onOpenUploadLink,
  locale,
  dir,
  className,
  ...props
}: MessageEditorProps) {
  const labels = { ...DEFAULT_MESSAGE_EDITOR_LABELS, ...labelsProp };
  const format = formatError ?? formatValidationIssueInEnglish;

  // The saved message: the prop when given (and again whenever it changes), else the first value.
  const [baseline, setBaseline] = useState<MessageEditorValue>(initialValue ?? value);
  const [seenInitial, setSeenInitial] = useState(initialValue);
  if (initialValue !== seenInitial) {
    setSeenInitial(initialValue);
    if (initialValue) setBaseline(initialValue);
  }
  const dirty = !sameMessageEditorValue(value, baseline);

  const reported = useRef(false);
  useEffect(() => {
    if (reported.current === dirty) return;
    reported.current = dirty;
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);

  const [saving, setSaving] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [deleteLoadFailed, setDeleteLoadFailed] = useState(false);
  const DeleteConfirm = usePartOnFirstUse(confirmDialog, deleteOpen, () => {
    setDeleteOpen(false);
    setDeleteLoadFailed(true);
  });
  // A ref, not the state: a second click can land before React re-renders the disabled button.
  const savingRef = useRef(false);

  const mediaPreview = useMediaPreview(value.media);
  const hasMedia =
    value.media.type !== null &&
    (value.media.file !== null ||
      value.media.fileId !== null ||
      (value.media.url !== null && !value.media.remove));
  // With HTML on, a text Telegram would refuse (it would send nothing) is an issue like any other:
  // it is named under the text, with its line, and blocks Save until it is fixed.
  const issue = validateMessage({ text: value.text, hasMedia, html: value.html }, tier);
  // "Empty" is only news once the user has typed; a new message starts empty.
  const [touched, setTouched] = useState(false);
  const shownIssue = issue && (issue.key !== 'validation.message.empty' || touched) ? issue : null;
  const canSave = dirty && issue === null && !saving;
  const textId = `${useId()}-text`;

  const update = (patch: Partial<MessageEditorValue>) => onValueChange({ ...value, ...patch });

  const save = async () => {
    if (savingRef.current || !canSave) return;
    savingRef.current = true;
    setSaving(true);
    const saved = value;
    try {
      await onSave(saved);
      setBaseline(saved);
    } catch {
      // Left dirty for a retry; whoever passed onSave shows what went wrong.
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  };

  const preview = (
    <section data-slot="message-editor-preview" className={styles.section}>
      <h2 className={styles.heading}>{labels.preview}</h2>
      <div className={styles.chat}>
        <MessagePreview
          text={value.text}
          html={value.html}
          media={mediaPreview}
          buttons={value.buttons}
          effect={showEffect ? value.effect : 'none'}
          labels={{ ...previewLabels, effects: labels.effects }}
        />
      </div>
    </section>
  );

  if (readOnly) {
    return (
      <div
        data-slot="message-editor"
        data-read-only=""
        dir={dir}
        className={cn(messageEditorVariants({ state: 'idle' }), className)}
        {...props}
      >
        {preview}
      </div>
    );
  }

  return (
    <div
      data-slot="message-editor"
      data-state={saving ? 'saving' : 'idle'}
      data-dirty={dirty ? '' : undefined}
      dir={dir}
      className={cn(messageEditorVariants({ state: saving ? 'saving' : 'idle' }), className)}
      {...props}
    >
      <section data-slot="message-editor-text" className={styles.section}>
        <TextArea
          id={textId}
          label={labels.text}
          value={value.text}
          onValueChange={(text) => {
            setTouched(true);
            update({ text });
          }}
          limit={planLimit(tier, 'messageLength')}
          error={shownIssue ? format(shownIssue) : undefined}
          rows={5}
        />
        <Switch
          label={labels.html}
          description={labels.htmlDescription}
          checked={value.html}
          onCheckedChange={(html) => update({ html })}
        />
      </section>

      <section data-slot="message-editor-media" className={styles.section}>
        <h2 className={styles.heading}>{labels.media}</h2>
        <MediaPicker
          value={value.media}
          onValueChange={(media) => update({ media })}
          context="message"
          labels={mediaLabels}
          uploadViaTelegramUrl={uploadViaTelegramUrl}
          onOpenUploadLink={onOpenUploadLink}
          locale={locale}
          dir={dir}
          {...(formatError ? { formatError } : {})}
        />
      </section>

      <section data-slot="message-editor-buttons" className={styles.section}>
        <h2 className={styles.heading}>{labels.buttons}</h2>
        <ButtonGridEditor
          value={value.buttons}
          onValueChange={(buttons) => update({ buttons })}
          tier={tier}
          options={buttonOptions}
          labels={buttonLabels}
          dir={dir}
          {...(formatError ? { formatError } : {})}
        />
      </section>

      {showEffect ? (
        <section data-slot="message-editor-effect" className={styles.section}>
          <h2 className={styles.heading}>{labels.effect}</h2>
          <SegmentedControl
            label={labels.effect}
            value={value.effect}
            onValueChange={(next) => {
              const effect = EMOJI_EFFECTS.find((candidate) => candidate === next);
              if (effect) update({ effect });
            }}
            dir={dir}
            className={styles.effects}
            options={EMOJI_EFFECTS.map((effect) => ({
              value: effect,
              label: (
                <span className={styles.effectOption}>
                  <span aria-hidden="true" className={styles.effectSymbol}>
                    {EMOJI_EFFECT_SYMBOLS[effect] ?? '∅'}
                  </span>
                  <span>{labels.effects[effect]}</span>
                </span>
              ),
            }))}
          />
        </section>
      ) : null}

      {preview}

      {deleteLoadFailed ? (
        <p role="alert" data-slot="message-editor-load-error" className={styles.loadError}>
          {labels.loadFailed}
        </p>
      ) : null}
      <div data-slot="message-editor-actions" className={styles.actions}>
        {onDelete ? (
          <Button
            variant="destructive"
            disabled={saving}
            aria-haspopup="dialog"
            aria-expanded={deleteOpen}
            onClick={() => {
              setDeleteLoadFailed(false);
              setDeleteOpen(true);
            }}
          >
            <TrashIcon aria-hidden="true" />
            {labels.delete}
          </Button>
        ) : null}
        {onDelete && DeleteConfirm ? (
          <DeleteConfirm
            open={deleteOpen}
            onOpenChange={setDeleteOpen}
            variant="destructive"
            title={labels.deleteTitle}
            text={labels.deleteText}
            confirmLabel={labels.deleteConfirm}
            cancelLabel={labels.cancel}
            onConfirm={() => onDelete()}
          />
        ) : null}
        <Button
          className={styles.save}
          loading={saving}
          disabled={!canSave}
          // Why Save is blocked, for a screen reader that lands on it.
          aria-describedby={shownIssue ? fieldErrorId(textId) : undefined}
          onClick={() => void save()}
        >
          {labels.save}
        </Button>
      </div>
    </div>
  );
}
