import type { TestDriveAction, TestDriveDraft, TestDriveScene, TestDriveView } from '@botdeck/api';

/**
 * What the test drive's handlers ask of the server (issue 36), as a port: on the server it is
 * the sessions of src/test-drive/ (a sandbox and the bot runtime per session); where no bot
 * runs (Storybook, the handlers' tests without one) there is none and the calls say so. The
 * handlers check who may drive which bot; the port keeps each session to the person and bot
 * that opened it.
 */

/** Why a test drive call could not be done; the handler says it in the reader's words. */
export type TestDriveFailure =
  /** No such session of this person and bot (ended, expired, or another process's). */
  | 'gone'
  /** The server holds as many sessions as it may. */
  | 'serverBusy'
  /** The bot is no longer stored. */
  | 'botGone'
  /** The draft names a message set the bot does not have… */
  | 'draftMissing'
  /** …or media the bot has not saved (an upload not saved yet cannot be tried). */
  | 'draftMedia'
  /** The action does not fit the scene or the chat (no such message or button). */
  | 'notHere'
  /** Telegram would not let the person do it (restricted, banned, not in the group). */
  | 'refused'
  /** The button opens a Mini App or pays: the drive does not follow it. */
  | 'notInDrive';

export class TestDriveError extends Error {
  constructor(
    readonly failure: TestDriveFailure,
    detail: string = failure,
  ) {
    super(detail);
  }
}

/** Who drives which bot, and in which language their client is. */
export interface TestDrivePerson {
  userId: number;
  botId: number;
  /** The bot's commands and the person's `language_code` follow it. */
  language: string;
}

export interface TestDrivePort {
  start(
    who: TestDrivePerson,
    scene: TestDriveScene,
    draft?: TestDriveDraft | null,
  ): Promise<TestDriveView>;
  act(
    who: TestDrivePerson,
    session: string,
    action: TestDriveAction,
    draft?: TestDriveDraft | null,
  ): Promise<TestDriveView>;
  /** The view once it changed past `after`, or null after `timeoutMs` without a change. */
  wait(
    who: TestDrivePerson,
    session: string,
    after: number,
    timeoutMs: number,
  ): Promise<TestDriveView | null>;
  end(who: TestDrivePerson, session: string): Promise<void>;
  /**
   * A file a session's chat shows (a picture the bot sent), by its address: the session's
   * random files key and Telegram's file_unique_id. Null when unknown or ended.
   */
  file(key: string, fileId: string): { bytes: Uint8Array; type: string } | null;
  /**
   * Development and tests: the session's chat as Telegram (its sandbox) keeps it, each message
   * with who sent it and whether it was deleted; null for no such session.
   */
  record?(session: string): readonly TestDriveRecord[] | null;
  /**
   * Development and tests: the chats of the bot's join requirements the session's sandbox
   * holds, and whether the tester is in each; null for no such session.
   */
  requiredChats?(session: string): readonly TestDriveChatRecord[] | null;
}

/** A required chat as a session's sandbox keeps it (the development route's answer). */
export interface TestDriveChatRecord {
  username: string;
  title: string;
  /** Where the tester stands in it. */
  tester: 'none' | 'member' | 'banned';
}

/** A message of a session's chat as its sandbox keeps it (the development route's answer). */
export interface TestDriveRecord {
  messageId: number;
  from: 'bot' | 'tester' | 'person';
  text: string;
  deleted: boolean;
  /** What kind of media it carries, if any (photo, sticker…); service messages say what they are. */
  kind: string;
}
