-- A plan payment Telegram charged that grants nothing (its bot deleted between the pre-checkout
-- and the payment, a renewal of a subscription never recorded, a charge Telegram makes that no
-- yes of the bot's stands behind) gives the payer's Stars back, as a shop sale that grants
-- nothing does. Recorded in the write that takes the payment's update, so a kill cannot lose it;
-- refunded by Botdeck's bot at once, or by the scheduler of any process once its claim runs out.
-- A charge Telegram does not know (a forged payment) ends void; a replay of a payment that was
-- granted is no refund.
CREATE TABLE plan_refunds (
  charge_id text PRIMARY KEY,
  payer_id bigint NOT NULL,
  amount integer NOT NULL,
  reason text NOT NULL,
  recorded_at bigint NOT NULL,
  status text NOT NULL CHECK (status IN ('refunding', 'refunded', 'void')),
  attempts integer NOT NULL,
  due_at bigint,
  last_error text
);
-- The scheduler's look for refunds due: only unsettled ones carry a due time.
CREATE INDEX plan_refunds_due ON plan_refunds (due_at) WHERE due_at IS NOT NULL;
