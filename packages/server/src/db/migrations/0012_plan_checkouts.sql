-- A plan payment grants only what Telegram asked Botdeck's bot about first. Telegram sends a
-- pre_checkout_query before it charges anyone, and the bot keeps each one it said yes to here
-- (one per bot, tier, period and payer); the successful_payment that follows takes it, once. A
-- successful_payment with no such row (forged, or of an invoice never checked out) grants
-- nothing. A subscription's later months come with no pre-checkout: they grant only when the
-- payer's earlier month of the same plan was recorded (plan_payments, by bot and payer).
CREATE TABLE plan_checkouts (
  bot_id bigint NOT NULL REFERENCES bots ON DELETE CASCADE,
  tier text NOT NULL,
  period text NOT NULL,
  payer_id bigint NOT NULL,
  accepted_at bigint NOT NULL,
  PRIMARY KEY (bot_id, tier, period, payer_id)
);
CREATE INDEX plan_payments_payer ON plan_payments (bot_id, payer_id);
