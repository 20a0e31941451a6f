-- Botdeck's own bot (BOTDECK_BOT_TOKEN) is no row of `bots`: it is the product's, not an
-- owner's, and has no id of Botdeck's. Its runtime state has tables of its own, keyed by its
-- Telegram id (the digits of its token), so no key of it meets a customer bot's, and a new
-- BOTDECK_BOT_TOKEN of another bot starts from its own offset and update ids.

-- Its long-polling offset.
CREATE TABLE botdeck_poll_offsets (
  telegram_bot_id bigint PRIMARY KEY,
  next_update_id bigint NOT NULL
);

-- Its updates handled once, as taken_updates does for customer bots: taken in the update's
-- first write (with what the update records), forgotten by the scheduler after a day.
CREATE TABLE botdeck_taken_updates (
  telegram_bot_id bigint NOT NULL,
  update_id bigint NOT NULL,
  taken_at bigint NOT NULL,
  PRIMARY KEY (telegram_bot_id, update_id)
);
CREATE INDEX botdeck_taken_updates_taken_at ON botdeck_taken_updates (taken_at);

-- Everyone who started Botdeck's bot, recorded at their first message to it: a referral
-- (SPEC 9) counts only a person's first start, once. `referred_by` is the bot whose ref- link
-- counted them (a bot deleted since keeps its number here: no foreign key).
CREATE TABLE botdeck_starts (
  person_id bigint PRIMARY KEY,
  started_at bigint NOT NULL,
  referred_by bigint
);
