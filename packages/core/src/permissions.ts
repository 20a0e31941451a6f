/** The eight admin permission flags, in the order the spec and the API list them. */
export const ADMIN_PERMISSIONS = [
  'manage_msg',
  'ban_users',
  'unban_users',
  'add_admins',
  'remove_admins',
  'adv_and_media',
  'get_reply',
  'stop_bot',
] as const;
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];
export type AdminPermissions = Record<AdminPermission, boolean>;

/** An admin needs one of these; stop_bot alone does not make an admin (SPEC 5). */
export const FIRST_SEVEN = [
  'manage_msg',
  'ban_users',
  'unban_users',
  'add_admins',
  'remove_admins',
  'adv_and_media',
  'get_reply',
] as const satisfies readonly AdminPermission[];

/** Stopping the bot is part of managing it, so it is only granted with adv_and_media. */
export const PERMISSION_DEPENDENCIES: Readonly<Partial<Record<AdminPermission, AdminPermission>>> =
  {
    stop_bot: 'adv_and_media',
  };

export const PERMISSION_LABEL_KEYS = {
  manage_msg: 'permissions.manage_msg',
  ban_users: 'permissions.ban_users',
  unban_users: 'permissions.unban_users',
  add_admins: 'permissions.add_admins',
  remove_admins: 'permissions.remove_admins',
  adv_and_media: 'permissions.adv_and_media',
  get_reply: 'permissions.get_reply',
  stop_bot: 'permissions.stop_bot',
} as const satisfies Record<AdminPermission, string>;

export function noPermissions(): AdminPermissions {
  return {
    manage_msg: false,
    ban_users: false,
    unban_users: false,
    add_admins: false,
    remove_admins: false,
    adv_and_media: false,
    get_reply: false,
    stop_bot: false,
  };
}

/** Every permission granted: what a bot's owner holds. */
export function allPermissions(): AdminPermissions {
  return Object.fromEntries(ADMIN_PERMISSIONS.map((p) => [p, true])) as AdminPermissions;
}

/** A checkbox is disabled while the permission it depends on is unticked. */
export function isPermissionDisabled(
  perms: AdminPermissions,
  permission: AdminPermission,
): boolean {
  const dependency = PERMISSION_DEPENDENCIES[permission];
  return dependency !== undefined && !perms[dependency];
}

/** Clears every permission whose dependency is unticked, so a disabled box is never sent ticked. */
export function applyPermissionDependencies(perms: AdminPermissions): AdminPermissions {
  const result = { ...perms };
  for (const permission of ADMIN_PERMISSIONS) {
    if (isPermissionDisabled(result, permission)) result[permission] = false;
  }
  return result;
}
