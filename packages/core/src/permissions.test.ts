import { describe, expect, it } from 'vitest';
import {
  ADMIN_PERMISSIONS,
  type AdminPermission,
  allPermissions,
  applyPermissionDependencies,
  BOT_ACTIONS,
  type BotAction,
  type BotRole,
  FIRST_SEVEN,
  isPermissionDisabled,
  mayChangeAdmin,
  mayDo,
  mayGrant,
  noPermissions,
  ownerRole,
  roleOf,
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

describe('mayDo: who may make which change', () => {
  const admin = (...granted: AdminPermission[]): BotRole => ({
    owner: false,
    permissions: { ...noPermissions(), ...Object.fromEntries(granted.map((p) => [p, true])) },
  });

  it('lets the owner make every change', () => {
    for (const action of Object.keys(BOT_ACTIONS) as BotAction[])
      expect(mayDo(ownerRole(), action)).toBe(true);
  });

  it('lets an admin make exactly the changes of the permissions they hold', () => {
    const role = admin('manage_msg', 'ban_users');
    const allowed = (Object.keys(BOT_ACTIONS) as BotAction[]).filter((a) => mayDo(role, a));
    expect(allowed).toEqual(['editContent', 'editShop', 'banUser']);
  });

  it('maps each permission of SPEC section 6 to the changes it governs', () => {
    expect(mayDo(admin('unban_users'), 'unbanUser')).toBe(true);
    expect(mayDo(admin('unban_users'), 'banUser')).toBe(false);
    expect(mayDo(admin('add_admins'), 'promoteAdmin')).toBe(true);
    expect(mayDo(admin('add_admins'), 'editAdmin')).toBe(true);
    expect(mayDo(admin('add_admins'), 'removeAdmin')).toBe(false);
    expect(mayDo(admin('remove_admins'), 'removeAdmin')).toBe(true);
    for (const action of [
      'changeMedia',
      'changeAdvanced',
      'changeBotSettings',
      'changeBotLanguage',
    ] as const) {
      expect(mayDo(admin('adv_and_media'), action)).toBe(true);
      expect(mayDo(admin('manage_msg', 'stop_bot'), action)).toBe(false);
    }
    expect(mayDo(admin('adv_and_media', 'stop_bot'), 'stopBot')).toBe(true);
    expect(mayDo(admin('adv_and_media'), 'stopBot')).toBe(false);
  });

  it('keeps the owner-only changes from an admin holding every permission', () => {
    const everything: BotRole = { owner: false, permissions: allPermissions() };
    expect(mayDo(everything, 'deleteBot')).toBe(false);
    expect(mayDo(everything, 'replaceToken')).toBe(false);
    expect(mayDo(everything, 'collectReferral')).toBe(false);
    expect(mayDo(everything, 'stopBot')).toBe(true);
  });

  it('lets get_reply alone change nothing', () => {
    expect(
      (Object.keys(BOT_ACTIONS) as BotAction[]).filter((a) => mayDo(admin('get_reply'), a)),
    ).toEqual([]);
  });
});

describe('roleOf: the viewer on one bot', () => {
  it("is the owner's role for the owner, whatever flags come along", () => {
    expect(roleOf(7, 7, noPermissions())).toEqual(ownerRole());
  });

  it("is an admin's flags alone, and none for someone who is not an admin", () => {
    const listed = { ...noPermissions(), ban_users: true, id: 9, name: 'Ada' };
    expect(roleOf(9, 7, listed)).toEqual({
      owner: false,
      permissions: { ...noPermissions(), ban_users: true },
    });
    expect(roleOf(9, 7, undefined)).toEqual({ owner: false, permissions: noPermissions() });
  });
});

describe('mayGrant and mayChangeAdmin: only permissions the changer holds', () => {
  const admin = (...granted: AdminPermission[]): BotRole => ({
    owner: false,
    permissions: { ...noPermissions(), ...Object.fromEntries(granted.map((p) => [p, true])) },
  });
  const flags = (...granted: AdminPermission[]) => admin(...granted).permissions;

  it('lets the owner grant every permission and change any admin', () => {
    for (const permission of ADMIN_PERMISSIONS)
      expect(mayGrant(ownerRole(), permission)).toBe(true);
    expect(mayChangeAdmin(ownerRole(), undefined, allPermissions())).toBe(true);
    expect(mayChangeAdmin(ownerRole(), allPermissions(), flags('get_reply'))).toBe(true);
    expect(mayChangeAdmin(ownerRole(), allPermissions(), undefined)).toBe(true);
  });

  it('lets an admin grant exactly the permissions they hold', () => {
    const role = admin('add_admins', 'ban_users');
    expect(ADMIN_PERMISSIONS.filter((p) => mayGrant(role, p))).toEqual(['ban_users', 'add_admins']);
  });

  it('counts only the eight flags of an admin of a users answer, not what rides along', () => {
    const listed = { ...flags('ban_users'), id: 9, name: 'Ada' };
    expect(mayChangeAdmin(admin('ban_users', 'remove_admins'), listed, undefined)).toBe(true);
  });

  describe('promoting (no permissions before)', () => {
    it('refuses all eight from an admin holding only add_admins', () => {
      expect(mayChangeAdmin(admin('add_admins'), undefined, allPermissions())).toBe(false);
    });

    it('allows what the admin holds, up to all of it', () => {
      const role = admin('add_admins', 'ban_users', 'unban_users');
      expect(mayChangeAdmin(role, undefined, flags('ban_users'))).toBe(true);
      expect(mayChangeAdmin(role, undefined, flags('add_admins', 'ban_users', 'unban_users'))).toBe(
        true,
      );
    });

    it.each(ADMIN_PERMISSIONS)('refuses %s alone to an admin who lacks it', (permission) => {
      const others = ADMIN_PERMISSIONS.filter((p) => p !== permission);
      expect(mayChangeAdmin(admin(...others), undefined, flags(permission))).toBe(false);
      expect(mayChangeAdmin(admin(...others, permission), undefined, flags(permission))).toBe(true);
    });
  });

  describe('editing (before and after)', () => {
    it('refuses editing a full admin down, from an admin holding only add_admins', () => {
      expect(mayChangeAdmin(admin('add_admins'), allPermissions(), flags('add_admins'))).toBe(
        false,
      );
    });

    it('refuses taking away a permission the editor lacks, even leaving the rest alone', () => {
      const role = admin('add_admins', 'manage_msg');
      expect(mayChangeAdmin(role, flags('manage_msg', 'get_reply'), flags('manage_msg'))).toBe(
        false,
      );
    });

    it('refuses adding a permission the editor lacks', () => {
      const role = admin('add_admins', 'manage_msg');
      expect(mayChangeAdmin(role, flags('manage_msg'), flags('manage_msg', 'get_reply'))).toBe(
        false,
      );
    });

    it('refuses any edit of an admin holding a permission the editor lacks, even a no-op', () => {
      const held = flags('manage_msg', 'get_reply');
      expect(mayChangeAdmin(admin('add_admins', 'manage_msg'), held, held)).toBe(false);
    });

    it('allows an edit within what the editor holds, in either direction', () => {
      const role = admin('add_admins', 'manage_msg', 'ban_users');
      expect(mayChangeAdmin(role, flags('manage_msg'), flags('manage_msg', 'ban_users'))).toBe(
        true,
      );
      expect(mayChangeAdmin(role, flags('manage_msg', 'ban_users'), flags('ban_users'))).toBe(true);
    });
  });

  describe('demoting (no permissions after)', () => {
    it('refuses demoting a full admin, from an admin holding only remove_admins', () => {
      expect(mayChangeAdmin(admin('remove_admins'), allPermissions(), undefined)).toBe(false);
    });

    it('refuses demoting an admin holding one permission the demoter lacks', () => {
      const role = admin('remove_admins', 'ban_users');
      expect(mayChangeAdmin(role, flags('ban_users', 'unban_users'), undefined)).toBe(false);
    });

    it('allows demoting an admin holding only what the demoter holds', () => {
      const role = admin('remove_admins', 'ban_users', 'unban_users');
      expect(mayChangeAdmin(role, flags('ban_users', 'unban_users'), undefined)).toBe(true);
    });
  });
});
