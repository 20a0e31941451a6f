import type { ButtonType, EmojiEffect, ValidationIssue } from '@botdeck/core';
import type {
  ButtonGridEditorLabels,
  MediaPickerLabels,
  MessageEditorLabels,
  MessagePreviewLabels,
} from '@botdeck/ui';
import { useMemo } from 'react';
import { useI18n } from '../i18n';
import '../i18n/validation-texts';

/** Every text the message editor and the parts inside it show, translated. */
export interface EditorTexts {
  /** The editor's own texts (MessageEditor `labels`). */
  labels: MessageEditorLabels;
  /** The media picker's (MessageEditor `mediaLabels`). */
  mediaLabels: MediaPickerLabels;
  /** The button grid's (MessageEditor `buttonLabels`). */
  buttonLabels: ButtonGridEditorLabels;
  /** The preview's (MessageEditor `previewLabels`). */
  previewLabels: MessagePreviewLabels;
  /** A validation issue of the editor, the media picker or the button grid, as text. */
  formatError: (issue: ValidationIssue) => string;
}

const BUTTON_TYPE_KEYS = {
  Url: 'buttonTypes.url',
  Popup: 'buttonTypes.popup',
  Alert: 'buttonTypes.alert',
  Menu: 'buttonTypes.menu',
  Question: 'buttonTypes.question',
  Share: 'buttonTypes.share',
  Shop: 'buttonTypes.shop',
  'Start Payload': 'buttonTypes.startPayload',
} as const satisfies Record<ButtonType, string>;

/**
 * The MediaPicker's texts in the interface language. The shop's item form shows the same picker,
 * which is why they live in the shell and not in a feature.
 */
export function useMediaPickerLabels(): MediaPickerLabels {
  const { t } = useI18n();
  return useMemo(
    () => ({
      type: t('editor.media.type'),
      photo: t('mediaTypes.photo'),
      video: t('mediaTypes.video'),
      audio: t('mediaTypes.audio'),
      file: t('mediaTypes.file'),
      chooseTypeFirst: t('editor.media.chooseTypeFirst'),
      choosePhoto: t('editor.media.choosePhoto'),
      chooseVideo: t('editor.media.chooseVideo'),
      chooseAudio: t('editor.media.chooseAudio'),
      chooseFile: t('editor.media.chooseFile'),
      empty: t('editor.media.empty'),
      previewAlt: t('editor.media.previewAlt'),
      storedAlt: t('editor.media.storedAlt'),
      stored: t('editor.media.stored'),
      telegramFile: t('editor.media.telegramFile'),
      remove: t('common.remove'),
      useFileId: t('editor.media.useFileId'),
      fileIdTitle: t('editor.media.fileIdTitle'),
      fileIdDescription: t('editor.media.fileIdDescription'),
      fileIdLabel: t('editor.media.fileIdLabel'),
      fileIdPlaceholder: t('editor.media.fileIdPlaceholder'),
      getFileId: t('editor.media.getFileId'),
      fileIdConfirm: t('editor.media.fileIdConfirm'),
      cancel: t('common.cancel'),
      close: t('common.close'),
      loadFailed: t('errors.network'),
    }),
    [t],
  );
}

/** The MessageEditor's texts and those of its media picker, button grid and preview. */
export function useEditorTexts(): EditorTexts {
  const { t } = useI18n();
  const mediaLabels = useMediaPickerLabels();
  return useMemo(() => {
    const effects: Record<EmojiEffect, string> = {
      none: t('effects.none'),
      party: t('effects.party'),
      heart: t('effects.heart'),
      thumbsUp: t('effects.thumbsUp'),
      fire: t('effects.fire'),
    };
    const types = Object.fromEntries(
      Object.entries(BUTTON_TYPE_KEYS).map(([type, key]) => [type, t(key)]),
    ) as Record<ButtonType, string>;
    return {
      labels: {
        text: t('editor.text'),
        html: t('editor.html'),
        htmlDescription: t('editor.htmlDescription'),
        media: t('editor.mediaTitle'),
        buttons: t('editor.buttonsTitle'),
        effect: t('editor.effect'),
        preview: t('editor.previewTitle'),
        save: t('common.save'),
        delete: t('editor.deleteMessage'),
        deleteTitle: t('editor.deleteTitle'),
        deleteText: t('editor.deleteText'),
        deleteConfirm: t('common.delete'),
        cancel: t('common.cancel'),
        loadFailed: t('errors.network'),
        effects,
      },
      mediaLabels,
      buttonLabels: {
        grid: t('editor.buttons.grid'),
        empty: t('editor.buttons.empty'),
        addButton: t('editor.buttons.addButton'),
        addTitle: t('editor.buttons.addTitle'),
        editTitle: t('editor.buttons.editTitle'),
        formDescription: t('editor.buttons.formDescription'),
        name: t('editor.buttons.name'),
        type: t('editor.buttons.type'),
        typePlaceholder: t('editor.buttons.typePlaceholder'),
        types,
        values: {
          Url: t('editor.buttons.values.url'),
          Popup: t('editor.buttons.values.popup'),
          Alert: t('editor.buttons.values.alert'),
          Menu: t('editor.buttons.values.menu'),
          Question: t('editor.buttons.values.question'),
          Share: t('editor.buttons.values.share'),
          'Start Payload': t('editor.buttons.values.startPayload'),
        },
        valuePlaceholder: t('editor.buttons.valuePlaceholder'),
        lockedValue: (name) => t('editor.buttons.lockedValue', { name }),
        row: t('editor.buttons.row'),
        rowPlaceholder: t('editor.buttons.rowPlaceholder'),
        rowNumber: (number) => t('editor.buttons.rowNumber', { number }),
        newRow: t('editor.buttons.newRow'),
        save: t('common.save'),
        cancel: t('common.cancel'),
        close: t('common.close'),
        delete: t('common.delete'),
        moveStart: t('editor.buttons.moveStart'),
        moveEnd: t('editor.buttons.moveEnd'),
        moveUp: t('editor.buttons.moveUp'),
        moveDown: t('editor.buttons.moveDown'),
        selected: (name) => t('editor.buttons.selected', { name }),
        loadFailed: t('errors.network'),
      },
      previewLabels: {
        preview: t('editor.preview.label'),
        empty: t('editor.preview.empty'),
        refused: t('editor.preview.refused'),
        photo: t('mediaTypes.photo'),
        video: t('mediaTypes.video'),
        audio: t('mediaTypes.audio'),
        file: t('mediaTypes.file'),
        keyboard: t('editor.preview.keyboard'),
        effect: (name) => t('editor.preview.effect', { name }),
        effects,
      },
      formatError: (issue) => t(issue.key, issue.values),
    };
  }, [t, mediaLabels]);
}
