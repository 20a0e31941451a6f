import { type PlatformBiometric, usePlatform } from '@botdeck/platform';
import type { BiometricConfirmation, BiometricResult } from '@botdeck/ui';
import { useEffect, useMemo, useState } from 'react';

/**
 * One biometric check through the platform, as TypedConfirmDialog reads it: a device without
 * biometrics is `unavailable` (the phrase is asked silently); access refused before, or refused
 * now when Telegram asks for it the first time, is `denied` (the dialog offers the settings); a
 * check the person fails or cancels is `failed`.
 */
export async function checkWithBiometrics(
  biometric: PlatformBiometric,
  reason: string,
): Promise<BiometricResult> {
  const state = await biometric.init();
  if (!state.available) return 'unavailable';
  if (!state.accessGranted) {
    // Telegram asks for access once; after a refusal only its settings can give it back.
    if (state.accessRequested) return 'denied';
    if (!(await biometric.requestAccess(reason))) return 'denied';
  }
  return (await biometric.authenticate(reason)) ? 'ok' : 'failed';
}

/**
 * The biometric check for a stop or a delete, or undefined while the device is not known to
 * have biometrics, so TypedConfirmDialog goes straight to the typed phrase with nothing said
 * (SPEC 6) rather than flashing "Confirm it's you…" first.
 */
export function useBiometricConfirmation(reason: string): BiometricConfirmation | undefined {
  const platform = usePlatform();
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    let live = true;
    platform.biometric.init().then((state) => {
      if (live) setAvailable(state.available);
    });
    return () => {
      live = false;
    };
  }, [platform]);
  // One object per reason, so the dialog's check is not started again on every render.
  return useMemo(
    () =>
      available
        ? { authenticate: () => checkWithBiometrics(platform.biometric, reason) }
        : undefined,
    [available, platform, reason],
  );
}
