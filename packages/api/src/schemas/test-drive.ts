import { EMOJI_EFFECTS, REQUEST_CAPS } from '@botdeck/core';
import * as z from 'zod/mini';
import { MESSAGES_PATHS } from '../route-table';
import { botRequest, cappedText, envelope, mediaType, requestButton } from './common';

/**
 * The test drive (issue 36): the owner or an admin talks to their bot as a new user would, in a
 * private session of a sandbox on the server that runs the bot's saved configuration through the
 * real bot runtime. Nothing reaches Telegram or the bot's members. One path, four calls told
 * apart by what they carry: `start` opens a session, `act` does something in it, `after` waits
 * for what the bot does next, `end` closes it.
 */

/** Where the owner tries the bot: its private chat, or a group it protects. */
export const testDriveScene = z.enum(['private', 'group']);
export type TestDriveScene = z.infer<typeof testDriveScene>;

/** A message of an unsaved message set, as the editor holds it (its texts capped). */
const draftMessage = z.object({
  text: cappedText(REQUEST_CAPS.messageText),
  parse: z.boolean(),
  effect: z.nullable(cappedText(REQUEST_CAPS.effectId)),
  /** Media already uploaded for the bot (an upload not saved yet cannot be tried). */
  media: z.nullable(cappedText(REQUEST_CAPS.mediaUrl)),
  media_type: z.nullable(mediaType),
  ufile: z.nullable(cappedText(REQUEST_CAPS.fileId)),
  buttons: z.array(requestButton).check(z.maxLength(REQUEST_CAPS.buttons)),
});

/** An editor's unsaved message set, tried in place of the saved one. */
export const testDriveDraft = z.object({
  /** The set's messages path (menumsgs, startmsg…) and its item's index, as the editor's calls name it. */
  act: z.enum(MESSAGES_PATHS),
  mi: z.int().check(z.minimum(0)),
  messages: z.array(draftMessage).check(z.maxLength(REQUEST_CAPS.testDriveDraftMessages)),
});
export type TestDriveDraft = z.infer<typeof testDriveDraft>;

const session = cappedText(REQUEST_CAPS.testDriveSession);
const messageId = z.int().check(z.positive());

/**
 * What the person does (`type`), with what that needs:
 * - start: a private chat's START button, or a start link with its `payload`;
 * - send: writes `text` (a command, an answer, a link…);
 * - press: presses the button at `row`, `column` under message `message_id` (a callback
 *   button, a start link of the bot, which the drive follows, or a join button of a chat in
 *   `joinable`, which the person joins);
 * - join: joins the group as a newcomer;
 * - post: posts a sticker, a photo, or a burst of messages past anti-spam (`kind`).
 * One flat object rather than a union, so every field keeps its cap where the caps test sees it;
 * the server refuses an action missing what its type needs.
 */
export const testDriveAction = z.object({
  type: z.enum(['start', 'send', 'press', 'join', 'post']),
  payload: z.optional(cappedText(REQUEST_CAPS.buttonValue)),
  text: z.optional(cappedText(REQUEST_CAPS.messageText)),
  message_id: z.optional(messageId),
  row: z.optional(z.int().check(z.minimum(0))),
  column: z.optional(z.int().check(z.minimum(0))),
  kind: z.optional(z.enum(['sticker', 'photo', 'flood'])),
});
export type TestDriveAction = z.infer<typeof testDriveAction>;

/** POST /api/testDrive {id, bot_id, start: {scene, draft?}} */
export const testDriveStartRequest = z.extend(botRequest, {
  start: z.object({
    scene: testDriveScene,
    draft: z.optional(z.nullable(testDriveDraft)),
  }),
});
/** POST /api/testDrive {id, bot_id, session, act, draft?} */
export const testDriveActRequest = z.extend(botRequest, {
  session,
  act: testDriveAction,
  draft: z.optional(z.nullable(testDriveDraft)),
});
/** POST /api/testDrive {id, bot_id, session, after}: answers when the chat changed after `after`. */
export const testDriveWaitRequest = z.extend(botRequest, {
  session,
  after: z.int().check(z.minimum(0)),
});
/** POST /api/testDrive {id, bot_id, session, end: true} */
export const testDriveEndRequest = z.extend(botRequest, { session, end: z.literal(true) });

/** Why the bot deleted a message in a group, as the runtime judged it. */
export const moderationReason = z.discriminatedUnion('rule', [
  /** A link the group does not allow (its host or address). */
  z.object({ rule: z.literal('link'), link: z.string() }),
  /** Letters of a script the group filters (core's script names). */
  z.object({ rule: z.literal('script'), script: z.string() }),
  /** A kind of media the group does not allow (moderation's names: Photo, Sticker…). */
  z.object({ rule: z.literal('media'), type: z.string() }),
  /** More messages than anti-spam allows: the `sent`-th within `seconds`, `allowed` allowed. */
  z.object({
    rule: z.literal('antispam'),
    sent: z.int(),
    allowed: z.int(),
    seconds: z.int(),
  }),
  /** The sender has not joined the chats the bot requires (their usernames). */
  z.object({ rule: z.literal('join'), chats: z.array(z.string()) }),
]);
export type ModerationReason = z.infer<typeof moderationReason>;

const chatButton = z.object({
  text: z.string(),
  /** callback: the bot answers a press; url: a link (a start link is followed in the drive); webApp: a Mini App; pay: an invoice. */
  kind: z.enum(['callback', 'url', 'webApp', 'pay']),
  url: z.optional(z.string()),
});

export const testDriveMessage = z.object({
  kind: z.literal('message'),
  /** Telegram's message_id in the chat. */
  id: z.int(),
  from: z.enum(['me', 'bot', 'person']),
  /** The sender's name. */
  name: z.string(),
  /** Unix seconds. */
  date: z.int(),
  /** The text or caption in Telegram's HTML subset; '' for none. */
  html: z.string(),
  media: z.nullable(
    z.object({
      type: z.enum(['photo', 'video', 'audio', 'file', 'sticker', 'animation', 'voice']),
      /** Where the drive serves the file (a random address of the session), or null. */
      url: z.nullable(z.string()),
      name: z.optional(z.string()),
    }),
  ),
  buttons: z.array(z.array(chatButton)),
  effect: z.nullable(z.enum(EMOJI_EFFECTS)),
  edited: z.boolean(),
  reply_to: z.nullable(z.object({ name: z.string(), text: z.string() })),
  /** Deleted by the bot, and why when the bot said (group protection). */
  deleted: z.nullable(z.object({ reasons: z.array(moderationReason) })),
});
export type TestDriveMessage = z.infer<typeof testDriveMessage>;

/**
 * A line between the messages. Telegram's own: someone `joined` or `left` the group; what the
 * bot did to the person: `restricted`, `banned`, `unrestricted`. The drive's, from what Telegram
 * (the sandbox) recorded: `joinedChat`, the person joined a chat the bot requires (its join
 * button); `sentToTeam` and `sentToTopic`, where the bot took the person's message above (chat
 * mode, a Q&A's answer; topic mode). The runtime's: `lockedCommand` and `lockedPayload`, the
 * person's command or start payload above is past the plan's limit, so the bot answered it as an
 * unknown one.
 */
export const testDriveService = z.object({
  kind: z.literal('service'),
  id: z.string(),
  event: z.enum([
    'joined',
    'left',
    'restricted',
    'banned',
    'unrestricted',
    'joinedChat',
    'sentToTeam',
    'sentToTopic',
    'lockedCommand',
    'lockedPayload',
  ]),
  /**
   * Who it is about; joinedChat: the chat's name; sentToTopic: the topic's name; lockedCommand,
   * lockedPayload: the command's or start payload's name.
   */
  name: z.string(),
  /** Why the bot did it, when it said. */
  reasons: z.array(moderationReason),
  /** sentToTeam: the names of those it reached (the bot's owner and admins). */
  team: z.optional(z.array(z.string())),
  /** sentToTopic: the title of the group the topic is in. */
  group: z.optional(z.string()),
});
export type TestDriveService = z.infer<typeof testDriveService>;

export const testDriveItem = z.discriminatedUnion('kind', [testDriveMessage, testDriveService]);
export type TestDriveItem = z.infer<typeof testDriveItem>;

/** The chat as the person sees it now. */
export const testDriveView = z.object({
  session: z.string(),
  scene: testDriveScene,
  /** Grows with every change the person could see; `after` waits for the next. */
  version: z.int().check(z.minimum(0)),
  /** The bot's name (private) or the group's title (group). */
  title: z.string(),
  /** The bot's @username. */
  username: z.string(),
  /** Private chat: whether the person has started the bot (before, Telegram shows START). */
  started: z.boolean(),
  /** The bot is still answering (more of its messages are on their way: "bot is typing…"). */
  answering: z.boolean(),
  /** Group: where the person stands (they join with `join`). */
  member: z.enum(['none', 'member', 'restricted', 'banned']),
  /** Members of the group, the person included (group scene). */
  members: z.int().check(z.minimum(0)),
  /** The bot's commands as the person's client suggests them. */
  commands: z.array(z.object({ command: z.string(), description: z.string() })),
  /**
   * The usernames of the chats the bot requires that the session holds (none while join
   * requirements are off): a url button to one (`https://t.me/<username>`, a join button) joins
   * it in the drive (`press`).
   */
  joinable: z.array(z.string()),
  items: z.array(testDriveItem),
  /** The bot's answer to the person's last press: a toast, or an alert to close. */
  notice: z.nullable(z.object({ id: z.string(), text: z.string(), alert: z.boolean() })),
  /** When the session ends if nothing happens (ms since epoch). */
  expires_at: z.int(),
});
export type TestDriveView = z.infer<typeof testDriveView>;

export const testDriveResponse = z.extend(envelope, { view: testDriveView });
/** A wait that saw no change answers without a view: ask again. */
export const testDriveWaitResponse = z.extend(envelope, { view: z.nullable(testDriveView) });
export const testDriveEndResponse = envelope;
