-- Shop purchases paid in Telegram Stars (SERVER.md section 6).
--
-- An invoice is held for its buyer when the bot accepts Telegram's pre-checkout query: from
-- then until `held_until` the unit it sells counts as taken, so buyers paying for the last
-- units at once never get more accepted than there are units (nobody is charged for nothing).
-- A hold Telegram never follows with a payment runs out and frees its unit.
ALTER TABLE invoices DROP CONSTRAINT invoices_status_check;
ALTER TABLE invoices ADD CONSTRAINT invoices_status_check
  CHECK (status IN ('pending', 'held', 'paid'));
ALTER TABLE invoices ADD COLUMN held_until bigint;
-- Units held for an item (all buyers, or one): counted at every pre-checkout of that item.
CREATE INDEX invoices_held ON invoices (item_id, user_id) WHERE status = 'held';

-- Every Stars payment for a shop item, recorded once per Telegram charge id in the same
-- transaction that takes its update. What the buyer gets is copied from the item as it was
-- paid for, so an edit or a deletion afterwards does not change what is delivered. A sale is
-- delivered (or, when nothing may be granted for it, refunded) by whichever process holds its
-- claim: `due_at` is when it may next be tried, pushed ahead while one process tries it.
CREATE TABLE shop_sales (
  charge_id text PRIMARY KEY,
  bot_id bigint NOT NULL REFERENCES bots ON DELETE CASCADE,
  user_id bigint NOT NULL,
  invoice text NOT NULL,
  -- No foreign key: the item may be deleted after it was sold.
  item_id bigint,
  item_name text NOT NULL,
  amount integer NOT NULL,
  paid_at bigint NOT NULL,
  reward_text text,
  reward_media_type text,
  reward_img text,
  reward_file_id text,
  -- Whether the sale took a unit (bought, and the buyer's count): a refund gives it back.
  counted boolean NOT NULL,
  status text NOT NULL CHECK (
    status IN ('delivering', 'delivered', 'undeliverable', 'refunding', 'refunded', 'void')
  ),
  attempts integer NOT NULL DEFAULT 0,
  due_at bigint,
  last_error text,
  refunded_at bigint
);
-- The scheduler's sales to deliver or refund.
CREATE INDEX shop_sales_due ON shop_sales (due_at) WHERE due_at IS NOT NULL;
-- An editor's list of a bot's sales, newest first.
CREATE INDEX shop_sales_bot ON shop_sales (bot_id, paid_at, charge_id);
