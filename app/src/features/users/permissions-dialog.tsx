import {
  ADMIN_PERMISSIONS,
  type AdminPermission,
  type AdminPermissions,
  type BotRole,
  mayGrant,
} from '@botdeck/core';
import {
  adminPermissionFields,
  adminPermissionsFromValues,
  ConfirmDialog,
  validateAdminPermissionValues,
} from '@botdeck/ui/confirm-dialog';
import { type MessageKey, useI18n } from '../../i18n';
import '../../i18n/validation-texts';
import { isAdmin, type Member } from './user-tabs';

/** The sentence under each permission's label: what the admin can then do. */
const PERMISSION_HINTS = {
  manage_msg: 'usersPage.permissionHints.manage_msg',
  ban_users: 'usersPage.permissionHints.ban_users',
  unban_users: 'usersPage.permissionHints.unban_users',
  add_admins: 'usersPage.permissionHints.add_admins',
  remove_admins: 'usersPage.permissionHints.remove_admins',
  adv_and_media: 'usersPage.permissionHints.adv_and_media',
  get_reply: 'usersPage.permissionHints.get_reply',
  stop_bot: 'usersPage.permissionHints.stop_bot',
} as const satisfies Record<AdminPermission, MessageKey>;

export interface PermissionsDialogProps {
  /** Promote a user, or edit an admin's permissions (the dialog opens with them ticked). */
  mode: 'promote' | 'edit';
  person: Member;
  /** The permissions of this person's last change that failed: ticked in place of the saved ones. */
  unsaved?: AdminPermissions | undefined;
  /**
   * What the viewer holds on the bot: a permission they lack is shown disabled, since only one
   * they hold may be granted (core's mayGrant). Unknown, every box is open and the server decides.
   */
  viewer: BotRole | undefined;
  onOpenChange: (open: boolean) => void;
  /** The eight flags, dependencies applied, once the dialog has closed. */
  onConfirm: (permissions: AdminPermissions) => void;
}

/**
 * The promote and edit-admin dialog: the eight permissions of SPEC section 6, each with a
 * sentence saying what it allows; one of the first seven is required and stop_bot needs
 * adv_and_media (both core's rules, through the design system's admin fields), and those the
 * viewer does not hold are disabled, saying so.
 */
export function PermissionsDialog({
  mode,
  person,
  unsaved,
  viewer,
  onOpenChange,
  onConfirm,
}: PermissionsDialogProps) {
  const { t } = useI18n();
  const labels = Object.fromEntries(
    ADMIN_PERMISSIONS.map((permission) => [permission, t(`permissions.${permission}` as const)]),
  );
  const fields = adminPermissionFields(
    unsaved ?? (mode === 'edit' && isAdmin(person) ? person : {}),
    labels,
  ).map((field) => {
    const permission = field.name as AdminPermission;
    const hint = t(PERMISSION_HINTS[permission]);
    if (viewer === undefined || mayGrant(viewer, permission))
      return { ...field, description: hint };
    return { ...field, disabled: true, description: `${hint} ${t('usersPage.permissionNotHeld')}` };
  });
  return (
    <ConfirmDialog
      open
      onOpenChange={onOpenChange}
      title={t(`usersPage.${mode}.title` as const, { name: person.name })}
      text={t(`usersPage.${mode}.text` as const, { name: person.name })}
      confirmLabel={t(`usersPage.${mode}.confirm` as const)}
      cancelLabel={t('common.cancel')}
      fields={fields}
      validate={validateAdminPermissionValues}
      formatError={(issue) => t(issue.key as MessageKey, issue.values)}
      onConfirm={(values) => onConfirm(adminPermissionsFromValues(values))}
    />
  );
}
