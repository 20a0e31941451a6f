import { describe, expect, it } from 'vitest';
import { FIRST_SEVEN, noPermissions } from '../permissions';
import { validateAdminPermissions } from './admin';

describe('validateAdminPermissions', () => {
  it('rejects no permission', () => {
    expect(validateAdminPermissions(noPermissions())).toEqual({
      key: 'validation.admin.noPermission',
    });
  });

  it('rejects stop_bot alone', () => {
    expect(validateAdminPermissions({ ...noPermissions(), stop_bot: true })).toEqual({
      key: 'validation.admin.noPermission',
    });
  });

  it.each(FIRST_SEVEN)('accepts %s alone', (permission) => {
    expect(validateAdminPermissions({ ...noPermissions(), [permission]: true })).toBeNull();
  });
});
