export {
  ButtonGridEditor,
  type ButtonGridEditorLabels,
  type ButtonGridEditorOptions,
  type ButtonGridEditorProps,
  buttonGridEditorVariants,
  DEFAULT_BUTTON_GRID_EDITOR_LABELS,
  formatButtonErrorInEnglish,
} from './button-grid-editor';
export {
  type ButtonRows,
  type EditorButton,
  fromWireButtons,
  type GridPosition,
  type MoveDirection,
  moveButton,
  toWireButtons,
  type WireButton,
} from './grid';
