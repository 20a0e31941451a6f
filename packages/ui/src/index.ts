// The design system's public parts. The tokens stylesheet is imported once by the app and by
// Storybook: `import '@botdeck/ui/tokens.css'`.
export * from './avatar';
export * from './badge';
export * from './banner';
export * from './button';
export * from './button-grid-editor';
export * from './card';
export * from './checkbox';
export * from './collapsible-section';
export * from './confirm-dialog';
export * from './dialog';
export * from './dropdown-menu';
export * from './empty-state';
export * from './error-dialog';
export * from './field';
export * from './icon-button';
export * from './icons';
export * from './list';
export * from './media-picker';
export * from './message-editor';
export * from './quantity-picker';
export * from './search-input';
export * from './segmented-control';
export * from './select';
export * from './sheet';
export * from './spinner';
export * from './switch';
export * from './tabs';
export * from './text-area';
export * from './text-field';
export * from './texts';
export * from './tile';
export { cn } from './utils/cn';
export {
  fetchLater,
  type PartOnFirstUse,
  partOnFirstUse,
  usePartOnFirstUse,
} from './utils/first-use';
