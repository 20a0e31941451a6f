-- An update is handled once (SERVER.md sections 1 and 8): before a bot handles an update it
-- records its update_id here, in its own write, and an update already recorded is not handled
-- again. Telegram sends a webhook update again when its answer did not come in time (a busy
-- server, a lost connection, a process killed mid-update), and another process behind the load
-- balancer may get it; a poller killed before it kept its offset gets it again. Taken before it
-- is handled, so a kill in the middle loses the rest of that one answer rather than sending it
-- twice. Telegram keeps an update a day at most, so older rows are removed by the scheduler.
CREATE TABLE taken_updates (
  bot_id bigint NOT NULL REFERENCES bots ON DELETE CASCADE,
  update_id bigint NOT NULL,
  taken_at bigint NOT NULL,
  PRIMARY KEY (bot_id, update_id)
);
-- The scheduler's removal of rows older than a day.
CREATE INDEX taken_updates_taken_at ON taken_updates (taken_at);
