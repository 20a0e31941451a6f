-- Topic mode (SERVER.md section 4): each user's forum topic in the group the bot's team connected
-- with /enable, so a restart or another process writes to the same topic and routes a message
-- written in it back to its user. Kept per group: connecting another group opens new topics
-- there, and going back to the first finds its topics again. `closed`: the group closed the
-- topic (the bot opens it again when the user writes).
CREATE TABLE user_topics (
  bot_id bigint NOT NULL REFERENCES bots ON DELETE CASCADE,
  group_id bigint NOT NULL,
  user_id bigint NOT NULL,
  thread_id bigint NOT NULL,
  closed boolean NOT NULL DEFAULT false,
  PRIMARY KEY (bot_id, group_id, user_id)
);
-- A message written in a topic: whose topic it is.
CREATE INDEX user_topics_thread ON user_topics (bot_id, group_id, thread_id);
