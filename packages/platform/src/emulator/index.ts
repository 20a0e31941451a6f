/**
 * @botdeck/platform/emulator: the development emulator of the Telegram platform. Import it
 * only behind a development check (`import.meta.env.DEV`), never from production code paths.
 */

export { EmulatorChrome, type EmulatorChromeProps } from './emulator-chrome';
export {
  DEFAULT_EMULATOR_LABELS,
  type EmulatorLabels,
  type EmulatorLabelsInput,
  resolveEmulatorLabels,
} from './emulator-labels';
export {
  BIOMETRIC_MODES,
  type BiometricMode,
  createEmulatorPlatform,
  type EmulatorNotice,
  type EmulatorOptions,
  type EmulatorPlatform,
  type EmulatorState,
} from './emulator-platform';
export type { ReadableStore } from './store';
