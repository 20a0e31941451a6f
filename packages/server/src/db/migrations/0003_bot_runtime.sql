-- What the bot runtime keeps between updates (src/store/types.ts, RuntimeRepository): in the
-- database rather than a process's memory, so a restart resumes and several processes share it.

-- The next update_id long polling asks Telegram for, per bot.
CREATE TABLE poll_offsets (
  bot_id bigint PRIMARY KEY REFERENCES bots ON DELETE CASCADE,
  next_update_id bigint NOT NULL
);

-- Telegram's file_id for an upload a bot sent once: later messages send the id, not the file.
CREATE TABLE telegram_files (
  bot_id bigint NOT NULL REFERENCES bots ON DELETE CASCADE,
  upload text NOT NULL,
  file_id text NOT NULL,
  PRIMARY KEY (bot_id, upload)
);

-- The Q&A whose answer a bot waits for from a user (their next message is the answer).
CREATE TABLE awaited_answers (
  bot_id bigint NOT NULL REFERENCES bots ON DELETE CASCADE,
  user_id bigint NOT NULL,
  item_id bigint NOT NULL,
  PRIMARY KEY (bot_id, user_id)
);

-- activeBotIds: the bots that run when the server starts.
CREATE INDEX bots_active ON bots (id) WHERE status = 'Active';
