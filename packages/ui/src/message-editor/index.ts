export {
  DEFAULT_MESSAGE_EDITOR_LABELS,
  MessageEditor,
  type MessageEditorLabels,
  type MessageEditorProps,
  type MessageEditorValue,
  messageEditorVariants,
  sameMessageEditorValue,
} from './message-editor';
export {
  DEFAULT_MESSAGE_PREVIEW_LABELS,
  MessagePreview,
  type MessagePreviewLabels,
  type MessagePreviewMedia,
  type MessagePreviewProps,
  messagePreviewVariants,
} from './message-preview';
export { TelegramHtml, type TelegramHtmlProps } from './telegram-html';
export {
  parseTelegramHtml,
  safeHref,
  type TelegramElementNode,
  type TelegramEntityKind,
  type TelegramNode,
  type TelegramTextNode,
  telegramPlainText,
} from './telegram-html-parse';
