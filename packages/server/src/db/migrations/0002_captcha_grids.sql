-- The captcha made honest (issue 32): a captcha is one newcomer's in one group, its grid drawn
-- and judged by the server. 0001's captchas (an id and message pair any caller could pass, and a
-- list of who passed) held only development data, no bot having run yet: they are replaced.

DROP TABLE captcha_solvers;
DROP TABLE captchas;

CREATE TABLE captchas (
  -- 128 random bits, base64url.
  id text PRIMARY KEY,
  bot_id bigint NOT NULL REFERENCES bots ON DELETE CASCADE,
  chat_id bigint NOT NULL,
  -- The newcomer: the only person whose page sees the grid and whose answer counts.
  user_id bigint NOT NULL,
  -- The bot's captcha message in the group, once sent.
  message_id bigint,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'passed', 'expired')),
  tries integer NOT NULL CHECK (tries >= 0),
  refreshes integer NOT NULL CHECK (refreshes >= 0),
  -- The grid now shown: its category (its cells are captcha_pictures).
  category text NOT NULL CHECK (category IN ('cat', 'car', 'stairs', 'train', 'road'))
);
-- Deleting a bot deletes its captchas (the foreign key's cascade looks them up here).
CREATE INDEX captchas_bot ON captchas (bot_id);
-- The scheduler's due(): pending captchas by deadline.
CREATE INDEX captchas_due ON captchas (expires_at) WHERE status = 'pending';

-- The nine cells of each captcha's current grid; a new grid replaces them.
CREATE TABLE captcha_pictures (
  -- The random last part of the picture's address.
  token text PRIMARY KEY,
  captcha_id text NOT NULL REFERENCES captchas ON DELETE CASCADE,
  cell smallint NOT NULL CHECK (cell BETWEEN 0 AND 8),
  scene smallint NOT NULL CHECK (scene >= 0),
  -- 52 random bits: how this cell redraws its scene.
  variant bigint NOT NULL,
  UNIQUE (captcha_id, cell)
);
