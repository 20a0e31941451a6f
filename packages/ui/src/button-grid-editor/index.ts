export {
  ButtonGridEditor,
  type ButtonGridEditorProps,
  buttonGridEditorVariants,
} from './button-grid-editor';
export {
  type ButtonGridEditorLabels,
  type ButtonGridEditorOptions,
  DEFAULT_BUTTON_GRID_EDITOR_LABELS,
} from './button-grid-editor-labels';
export { type GridPosition, type MoveDirection, moveButton } from './grid';
