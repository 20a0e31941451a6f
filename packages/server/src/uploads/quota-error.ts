/**
 * A file refused because the bot's uploads would pass its quota. Browser-safe (no Node import),
 * so the handlers can tell it from other failures and any storage, on disk or elsewhere, can
 * throw it.
 */
export class UploadQuotaError extends Error {
  override name = 'UploadQuotaError';
  constructor(
    readonly botId: number,
    /** What the bot's files take now, in bytes. */
    readonly usedBytes: number,
    /** The size of the refused file. */
    readonly fileBytes: number,
    readonly quotaBytes: number,
  ) {
    super(
      `Bot ${botId}'s uploads would take ${megabytes(usedBytes + fileBytes)} MB, over its quota of ${megabytes(quotaBytes)} MB: remove media it no longer uses first.`,
    );
  }
}

const megabytes = (bytes: number) => (bytes / 1_048_576).toFixed(1);
