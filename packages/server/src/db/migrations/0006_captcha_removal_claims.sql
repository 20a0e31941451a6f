-- The scheduler removes a newcomer whose captcha ran out at least once: it claims the captcha
-- until `claimed_until` (another process, or this one after a crash, takes it again after
-- that), removes the newcomer through Telegram, and only then marks it expired. 0002's scheduler
-- marked it expired before removing, so a kill in between left the newcomer restricted forever.
ALTER TABLE captchas ADD COLUMN claimed_until bigint;
