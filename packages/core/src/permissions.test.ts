import { describe, expect, it } from 'vitest';
import {
  ADMIN_PERMISSIONS,
  allPermissions,
  applyPermissionDependencies,
  FIRST_SEVEN,
  isPermissionDisabled,
  noPermissions,
} from './permissions';

describe('ADMIN_PERMISSIONS', () => {
  it('lists the eight flags in spec order', () => {
    expect(ADMIN_PERMISSIONS).toEqual([
      'manage_msg',
      'ban_users',
      'unban_users',
      'add_admins',
      'remove_admins',
      'adv_and_media',
      'get_reply',
      'stop_bot',
    ]);
  });

  it('FIRST_SEVEN is every flag but stop_bot', () => {
    expect(FIRST_SEVEN).toEqual(ADMIN_PERMISSIONS.slice(0, 7));
  });
});

describe('allPermissions', () => {
  it('grants each of the eight flags, and nothing else', () => {
    expect(allPermissions()).toEqual(Object.fromEntries(ADMIN_PERMISSIONS.map((p) => [p, true])));
    expect(Object.keys(allPermissions()).sort()).toEqual(Object.keys(noPermissions()).sort());
  });

  it('hands out a fresh object each time', () => {
    const first = allPermissions();
    first.stop_bot = false;
    expect(allPermissions().stop_bot).toBe(true);
  });
});

describe('applyPermissionDependencies', () => {
  it('clears stop_bot when adv_and_media is false', () => {
    const perms = { ...noPermissions(), stop_bot: true };
    expect(applyPermissionDependencies(perms).stop_bot).toBe(false);
  });

  it('keeps stop_bot when adv_and_media is true', () => {
    const perms = { ...noPermissions(), adv_and_media: true, stop_bot: true };
    expect(applyPermissionDependencies(perms).stop_bot).toBe(true);
  });

  it('leaves the other flags alone', () => {
    const perms = { ...noPermissions(), ban_users: true, get_reply: true, stop_bot: true };
    expect(applyPermissionDependencies(perms)).toEqual({ ...perms, stop_bot: false });
  });

  it('does not change the object it is given', () => {
    const perms = { ...noPermissions(), stop_bot: true };
    applyPermissionDependencies(perms);
    expect(perms.stop_bot).toBe(true);
  });
});

describe('isPermissionDisabled', () => {
  it('disables stop_bot while adv_and_media is false', () => {
    expect(isPermissionDisabled(noPermissions(), 'stop_bot')).toBe(true);
  });

  it('enables stop_bot while adv_and_media is true', () => {
    expect(isPermissionDisabled({ ...noPermissions(), adv_and_media: true }, 'stop_bot')).toBe(
      false,
    );
  });

  it.each(FIRST_SEVEN)('never disables %s', (permission) => {
    expect(isPermissionDisabled(noPermissions(), permission)).toBe(false);
  });
});
