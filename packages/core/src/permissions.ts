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

/**
 * Every change on a bot and who may make it (SPEC section 6; docs/decisions.md, "Server rules"):
 * the permission it needs, or `owner` for what only the owner does. Reading is open to every
 * admin. The development server refuses by this map and the app refuses by it before calling,
 * so the two never disagree. `get_reply` governs no screen: it makes the bot forward users'
 * replies to the admin in Telegram.
 */
export const BOT_ACTIONS = {
  /** Menus, commands, start payloads, Q&A, their messages and the start message (uploads too). */
  editContent: 'manage_msg',
  /** Adding, editing and deleting shop items (the server's `can_edit`). */
  editShop: 'manage_msg',
  banUser: 'ban_users',
  unbanUser: 'unban_users',
  promoteAdmin: 'add_admins',
  editAdmin: 'add_admins',
  removeAdmin: 'remove_admins',
  changeMedia: 'adv_and_media',
  changeAdvanced: 'adv_and_media',
  /** Drop pending updates and notify new users on /bot. */
  changeBotSettings: 'adv_and_media',
  changeBotLanguage: 'adv_and_media',
  /** Stopping and starting the bot. */
  stopBot: 'stop_bot',
  deleteBot: 'owner',
  replaceToken: 'owner',
  collectReferral: 'owner',
} as const satisfies Record<string, AdminPermission | 'owner'>;
export type BotAction = keyof typeof BOT_ACTIONS;

/** What the viewer holds on one bot. */
export interface BotRole {
  owner: boolean;
  /** The viewer's admin permissions; the owner's are ignored (the owner holds all). */
  permissions: AdminPermissions;
}

/** The owner's role: every action. */
export function ownerRole(): BotRole {
  return { owner: true, permissions: allPermissions() };
}

/** The eight flags alone, out of anything that carries them (an admin of a users answer). */
function pickPermissions(flags: AdminPermissions): AdminPermissions {
  return Object.fromEntries(
    ADMIN_PERMISSIONS.map((p) => [p, flags[p] === true]),
  ) as AdminPermissions;
}

/**
 * The role of `viewerId` on a bot owned by `ownerId`: the owner's, or an admin's with the flags
 * of `admin` (none when the viewer is not among the admins).
 */
export function roleOf(
  viewerId: number,
  ownerId: number,
  admin: AdminPermissions | undefined,
): BotRole {
  if (viewerId === ownerId) return ownerRole();
  return { owner: false, permissions: admin ? pickPermissions(admin) : noPermissions() };
}

/** Whether `role` may make the change `action` names. */
export function mayDo(role: BotRole, action: BotAction): boolean {
  if (role.owner) return true;
  const need = BOT_ACTIONS[action];
  return need !== 'owner' && role.permissions[need];
}

/**
 * Whether `role` may hand out or take away `permission`: only one it holds itself (the owner
 * holds all), so no admin can make anyone, themselves through a friend included, stronger than
 * they are (SERVER.md section 2).
 */
export function mayGrant(role: BotRole, permission: AdminPermission): boolean {
  return role.owner || role.permissions[permission];
}

/**
 * Whether `role` may change an admin's permissions from `before` to `after`: a promotion has no
 * `before`, a demotion no `after`, an edit both. Every permission set on either side must be
 * one `role` may grant: granting one it lacks is refused, and so is editing (in either
 * direction) or demoting an admin who holds one it lacks, which would undo a stronger admin's
 * grant. Whether `role` may promote, edit or demote at all is `mayDo`'s to say.
 */
export function mayChangeAdmin(
  role: BotRole,
  before: Readonly<AdminPermissions> | undefined,
  after: Readonly<AdminPermissions> | undefined,
): boolean {
  return ADMIN_PERMISSIONS.every(
    (permission) =>
      (before?.[permission] !== true && after?.[permission] !== true) || mayGrant(role, permission),
  );
}
