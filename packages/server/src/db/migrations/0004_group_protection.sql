-- What a bot's group protection keeps between messages (src/store/types.ts, RuntimeRepository):
-- in the database, so every server process sees the same counts (SERVER.md section 1).

-- Anti-spam: each person's recent messages in a group. Only the last moments are kept: each
-- count removes the bot's rows older than a minute (group_messages_age finds them).
CREATE TABLE group_messages (
  bot_id bigint NOT NULL REFERENCES bots ON DELETE CASCADE,
  chat_id bigint NOT NULL,
  message_id bigint NOT NULL,
  user_id bigint NOT NULL,
  sent_at bigint NOT NULL,
  PRIMARY KEY (bot_id, chat_id, message_id)
);
CREATE INDEX group_messages_sender ON group_messages (bot_id, chat_id, user_id, sent_at);
CREATE INDEX group_messages_age ON group_messages (bot_id, sent_at);

-- Join requirements in a group: when a member who has not joined last got the bot's notice
-- there (one a minute at most). Rows older than the minute are removed as notices are claimed.
CREATE TABLE group_notices (
  bot_id bigint NOT NULL REFERENCES bots ON DELETE CASCADE,
  chat_id bigint NOT NULL,
  user_id bigint NOT NULL,
  sent_at bigint NOT NULL,
  PRIMARY KEY (bot_id, chat_id, user_id)
);
CREATE INDEX group_notices_age ON group_notices (bot_id, sent_at);
