-- Chat mode (SERVER.md section 4): a user's message the bot copied into a team member's chat,
-- so that member's reply to the copy goes back to the user. Relays older than the runtime keeps
-- (RELAY_DAYS in runtime/chat-mode.ts) are removed as new ones come.
CREATE TABLE chat_relays (
  bot_id bigint NOT NULL REFERENCES bots ON DELETE CASCADE,
  team_chat_id bigint NOT NULL,
  message_id bigint NOT NULL,
  user_id bigint NOT NULL,
  relayed_at bigint NOT NULL,
  PRIMARY KEY (bot_id, team_chat_id, message_id)
);
CREATE INDEX chat_relays_age ON chat_relays (bot_id, relayed_at);
