/** The updates every bot asks Telegram for (SERVER.md section 3). */
export const ALLOWED_UPDATES = [
  'message',
  'edited_message',
  'callback_query',
  'chat_member',
  'my_chat_member',
  'chat_join_request',
  'pre_checkout_query',
] as const;
