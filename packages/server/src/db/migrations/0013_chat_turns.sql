-- One chat's updates in order across server processes (SERVER.md section 1). Telegram may hand
-- a chat's next update to another process behind the load balancer while the first is still
-- being answered (a webhook it sent again after a slow answer, or its parallel connections).
-- With a PostgreSQL server, a taken update of a chat holds the chat's turn (`handling`) until it
-- is answered; a later update of that chat waits for the earlier ones still handled. A turn
-- older than half a minute is over (its process died or hung), so a crash holds no chat longer.
ALTER TABLE taken_updates ADD COLUMN chat_id bigint;
ALTER TABLE taken_updates ADD COLUMN handling boolean NOT NULL DEFAULT false;
-- Only the updates being handled, a handful at any time.
CREATE INDEX taken_updates_handling ON taken_updates (bot_id, chat_id, update_id) WHERE handling;
