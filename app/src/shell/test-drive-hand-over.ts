import type { TestDriveDraft } from '@botdeck/api';

/**
 * What a messages page hands the test drive when its "Try it" opens it: the set's messages with
 * the edits not saved yet. Kept in memory only, per bot: a reload loses it, and the drive then
 * runs the saved set, as the server holds it.
 */
export interface TestDriveHandOver {
  /** The set (its messages path and item index) and its messages as the editor holds them. */
  draft: TestDriveDraft;
  /** The item's name: a command's or a start payload's, which the drive opens the set with. */
  name: string;
  /** A message holds a file picked but not uploaded yet: it is tried without its media. */
  newMedia: boolean;
}

const handed = new Map<number, TestDriveHandOver>();

/** Hands `handOver` to the test drive of `botId`, in place of anything handed before. */
export function putTestDriveDraft(botId: number, handOver: TestDriveHandOver): void {
  handed.set(botId, handOver);
}

/**
 * What was handed for the set `set` (a messages path) and item `ind` of `botId`, or null. It is
 * not forgotten once read: opening the same set again (Back, then forward) tries the same edits,
 * and the next "Try it" replaces it.
 */
export function handedTestDriveDraft(
  botId: number,
  set: string | null,
  ind: number | null,
): TestDriveHandOver | null {
  const handOver = handed.get(botId);
  if (!handOver || handOver.draft.act !== set || handOver.draft.mi !== ind) return null;
  return handOver;
}
