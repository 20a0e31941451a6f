import { type AdminPermissions, FIRST_SEVEN } from '../permissions';
import type { ValidationIssue } from './issue';

/** Promoting or editing an admin needs one of the first seven permissions; stop_bot alone is not enough. */
export function validateAdminPermissions(perms: AdminPermissions): ValidationIssue | null {
  return FIRST_SEVEN.some((permission) => perms[permission])
    ? null
    : { key: 'validation.admin.noPermission' };
}
