import {
  ADMIN_PERMISSIONS,
  type AdminPermission,
  type AdminPermissions,
  applyPermissionDependencies,
  noPermissions,
  PERMISSION_DEPENDENCIES,
  type ValidationIssue,
  validateAdminPermissions,
} from '@botdeck/core';
import { ADMIN_PERMISSION_LABELS } from '../texts';
import type { ConfirmDialogCheckboxField, ConfirmDialogValues } from './confirm-dialog-fields';

/**
 * The checkboxes of the promote and edit-admin dialogs, in the API's order, with stop_bot
 * depending on adv_and_media as @botdeck/core says. Pass the admin's current permissions to
 * edit them, and translated labels from the app.
 */
export function adminPermissionFields(
  current: Partial<AdminPermissions> = {},
  labels: Partial<Record<AdminPermission, string>> = {},
): ConfirmDialogCheckboxField[] {
  return ADMIN_PERMISSIONS.map((permission) => {
    const field: ConfirmDialogCheckboxField = {
      kind: 'checkbox',
      name: permission,
      label: labels[permission] ?? ADMIN_PERMISSION_LABELS[permission],
      defaultChecked: current[permission] === true,
    };
    const dependency = PERMISSION_DEPENDENCIES[permission];
    if (dependency !== undefined) field.dependsOn = dependency;
    return field;
  });
}

/** The eight flags from a dialog's values, with dependencies applied, ready for the API call. */
export function adminPermissionsFromValues(values: ConfirmDialogValues): AdminPermissions {
  const permissions = noPermissions();
  for (const permission of ADMIN_PERMISSIONS) permissions[permission] = values[permission] === true;
  return applyPermissionDependencies(permissions);
}

/**
 * The dialog's form-level rule for promoting or editing an admin: one of the first seven
 * permissions must be ticked (`validateAdminPermissions`).
 */
export function validateAdminPermissionValues(values: ConfirmDialogValues): ValidationIssue | null {
  return validateAdminPermissions(adminPermissionsFromValues(values));
}
