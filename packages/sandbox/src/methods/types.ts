import type { MethodName, MethodResult, Params } from '../params';
import type { BotRecord, World } from '../world';

/** One Bot API call as a method sees it. */
export interface Call<M extends MethodName> {
  world: World;
  bot: BotRecord;
  params: Params<M>;
  /** Aborted when the client goes away (a long poll the bot gave up). */
  signal: AbortSignal;
}

/** A method's implementation: its answer is typed by @grammyjs/types. */
export type Handler<M extends MethodName> = (
  call: Call<M>,
) => MethodResult<M> | Promise<MethodResult<M>>;

/** Handlers for a set of methods, each checked against its method's types. */
export type Handlers<Names extends MethodName> = { [M in Names]: Handler<M> };
