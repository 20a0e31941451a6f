/** Telegram on this machine: a Bot API server on 127.0.0.1 for development and tests. */
export {};
