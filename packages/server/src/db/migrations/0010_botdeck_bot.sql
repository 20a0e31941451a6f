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

-- Plans sold by Botdeck's bot (SERVER.md section 6). Each invoice link is made once per bot,
-- tier and period (createInvoiceLink) and kept, so reading the upgrade page only reads.
CREATE TABLE plan_invoice_links (
  bot_id bigint NOT NULL REFERENCES bots ON DELETE CASCADE,
  tier text NOT NULL,
  period text NOT NULL,
  link text NOT NULL,
  PRIMARY KEY (bot_id, tier, period)
);
-- The development stand-in (/dev/pay-invoice) finds the order a link was made for.
CREATE UNIQUE INDEX plan_invoice_links_link ON plan_invoice_links (link);

-- Every plan payment, once per Telegram charge id (a replayed successful_payment finds its row),
-- recorded in the write that takes its update. No foreign key: a deleted bot's payments stay.
CREATE TABLE plan_payments (
  charge_id text PRIMARY KEY,
  bot_id bigint NOT NULL,
  payer_id bigint NOT NULL,
  tier text NOT NULL,
  period text NOT NULL,
  amount integer NOT NULL,
  paid_at bigint NOT NULL,
  -- A subscription's end as Telegram gave it (ms); null for a yearly payment.
  subscription_ends_at bigint
);

-- When a bot's paid plan ends, for the scheduler: at that moment Telegram's command list must
-- follow the Free plan. Claimed (claimed_until) by the process that re-syncs it, as captcha
-- removals are; removed once done, or moved when the plan is extended.
CREATE TABLE plan_ends (
  bot_id bigint PRIMARY KEY REFERENCES bots ON DELETE CASCADE,
  ends_at bigint NOT NULL,
  claimed_until bigint
);
CREATE INDEX plan_ends_ends_at ON plan_ends (ends_at);
