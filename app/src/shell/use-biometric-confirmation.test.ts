import type { BiometricState, PlatformBiometric } from '@botdeck/platform';
import { describe, expect, it, vi } from 'vitest';
import { checkWithBiometrics } from './use-biometric-confirmation';

/** A device in `state`, answering the access request with `allow` and the check with `pass`. */
function device(state: Partial<BiometricState>, allow = true, pass = true) {
  return {
    init: vi.fn(async () => ({
      available: true,
      accessRequested: true,
      accessGranted: true,
      type: 'finger' as const,
      ...state,
    })),
    requestAccess: vi.fn(async () => allow),
    authenticate: vi.fn(async () => pass),
    openSettings: vi.fn(),
  } satisfies PlatformBiometric;
}

describe('checkWithBiometrics', () => {
  it('is unavailable without biometrics, and asks nothing', async () => {
    const biometric = device({ available: false, accessRequested: false, accessGranted: false });
    expect(await checkWithBiometrics(biometric, 'Stop')).toBe('unavailable');
    expect(biometric.requestAccess).not.toHaveBeenCalled();
    expect(biometric.authenticate).not.toHaveBeenCalled();
  });

  it('is denied when access was refused before, without asking again', async () => {
    const biometric = device({ accessRequested: true, accessGranted: false });
    expect(await checkWithBiometrics(biometric, 'Stop')).toBe('denied');
    expect(biometric.requestAccess).not.toHaveBeenCalled();
    expect(biometric.authenticate).not.toHaveBeenCalled();
  });

  it('asks for access the first time, and is denied when the person refuses', async () => {
    const biometric = device({ accessRequested: false, accessGranted: false }, false);
    expect(await checkWithBiometrics(biometric, 'Delete')).toBe('denied');
    expect(biometric.requestAccess).toHaveBeenCalledWith('Delete');
    expect(biometric.authenticate).not.toHaveBeenCalled();
  });

  it('checks once access is given the first time', async () => {
    const biometric = device({ accessRequested: false, accessGranted: false }, true);
    expect(await checkWithBiometrics(biometric, 'Delete')).toBe('ok');
    expect(biometric.authenticate).toHaveBeenCalledWith('Delete');
  });

  it.each([
    [true, 'ok'],
    [false, 'failed'],
  ] as const)('with access granted, a check that passes=%s is %s', async (pass, result) => {
    const biometric = device({}, true, pass);
    expect(await checkWithBiometrics(biometric, 'Stop')).toBe(result);
    expect(biometric.requestAccess).not.toHaveBeenCalled();
  });
});
