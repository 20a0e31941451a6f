import type { BotCommand, BotCommandScope, UserFromGetMe } from '@grammyjs/types';
import { badRequest, tooManyRequests } from '../errors';
import { isSecureOrLoopbackUrl } from '../links';
import type { Params } from '../params';
import type { BotRecord } from '../world';
import type { Handlers } from './types';

/** The bot itself: getMe, updates (long polling and webhooks), its command lists. */

function getMeOf(bot: BotRecord): UserFromGetMe {
  return {
    id: bot.id,
    is_bot: true,
    first_name: bot.user.first_name,
    username: bot.user.username,
    can_join_groups: bot.canJoinGroups,
    can_read_all_group_messages: bot.canReadAllGroupMessages,
    supports_inline_queries: false,
    can_connect_to_business: false,
    has_main_web_app: false,
    has_topics_enabled: false,
    allows_users_to_create_topics: false,
    can_manage_bots: false,
    supports_join_request_queries: false,
  };
}

function readAllowedUpdates(
  params: Params<'getUpdates'> | Params<'setWebhook'>,
): string[] | undefined {
  const value = (params as Params<'getUpdates'>).json(
    'allowed_updates',
    "can't parse allowed updates JSON object",
  );
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) return undefined;
  return value.filter((kind): kind is string => typeof kind === 'string');
}

type CommandMethod = 'getMyCommands' | 'setMyCommands' | 'deleteMyCommands';

/** Telegram's secret_token: 1-256 characters of A-Z, a-z, 0-9, _ and -. */
const SECRET_TOKEN = /^[A-Za-z0-9_-]{1,256}$/;

export const botMethods: Handlers<
  | 'getMe'
  | 'getUpdates'
  | 'setWebhook'
  | 'deleteWebhook'
  | 'getWebhookInfo'
  | 'setMyCommands'
  | 'getMyCommands'
  | 'deleteMyCommands'
> = {
  getMe: ({ bot }) => getMeOf(bot),

  getUpdates: ({ bot, params, signal }) => {
    const offset = params.integer('offset');
    const limit = params.boundedInteger('limit', 100, 1, 100);
    const timeout = params.boundedInteger('timeout', 0, 0, 50);
    if (!bot.updates.webhook) bot.updates.setAllowedUpdates(readAllowedUpdates(params));
    return bot.updates.getUpdates(offset, limit, timeout, signal);
  },

  setWebhook: ({ world, bot, params }) => {
    const url = params.text('url');
    if (url === '') {
      bot.updates.deleteWebhook(params.boolean('drop_pending_updates'));
      world.changed();
      return true;
    }
    if (!isSecureOrLoopbackUrl(url)) {
      throw badRequest('bad webhook: An HTTPS URL must be provided for webhook');
    }
    const secretToken = params.optionalText('secret_token');
    if (secretToken !== undefined) {
      if (secretToken.length > 256) throw badRequest('secret token is too long');
      if (!SECRET_TOKEN.test(secretToken))
        throw badRequest('secret token contains unallowed characters');
    }
    // Telegram takes one new webhook address a second.
    const now = Date.now();
    if (
      world.settings.rateLimits &&
      bot.updates.webhook?.url !== url &&
      now - bot.lastWebhookChangeAt < 1000
    ) {
      throw tooManyRequests(1);
    }
    bot.lastWebhookChangeAt = now;
    bot.updates.setAllowedUpdates(readAllowedUpdates(params));
    bot.updates.setWebhook(
      {
        url,
        ...(secretToken ? { secretToken } : {}),
        maxConnections: params.boundedInteger('max_connections', 40, 1, 100),
      },
      params.boolean('drop_pending_updates'),
    );
    world.changed();
    return true;
  },

  deleteWebhook: ({ world, bot, params }) => {
    bot.updates.deleteWebhook(params.boolean('drop_pending_updates'));
    world.changed();
    return true;
  },

  getWebhookInfo: ({ bot }) => bot.updates.info(),

  setMyCommands: ({ world, bot, params }) => {
    const commands = readCommands(params);
    const key = commandsKey(readScope(params), readLanguage(params));
    if (commands.length === 0) bot.commands.delete(key);
    else bot.commands.set(key, commands);
    world.changed();
    return true;
  },

  getMyCommands: ({ bot, params }) =>
    bot.commands.get(commandsKey(readScope(params), readLanguage(params))) ?? [],

  deleteMyCommands: ({ world, bot, params }) => {
    bot.commands.delete(commandsKey(readScope(params), readLanguage(params)));
    world.changed();
    return true;
  },
};

/**
 * The commands of setMyCommands, with TDLib's checks (a leading "/" dropped, spaces trimmed,
 * lengths in characters) and the server's (BOT_COMMAND_INVALID for anything but a-z, 0-9 and
 * _, BOT_COMMANDS_TOO_MUCH over 100).
 */
function readCommands(params: Params<'setMyCommands'>): BotCommand[] {
  const value = params.json('commands', "can't parse commands JSON object");
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw badRequest('expected an Array of BotCommand');
  const commands = value.map((item: unknown) => {
    if (typeof item !== 'object' || item === null) {
      throw badRequest("can't parse BotCommand: expected an Object");
    }
    const { command, description } = item as Record<string, unknown>;
    if (typeof command !== 'string')
      throw badRequest(`can't parse BotCommand: Can't find field "command"`);
    if (typeof description !== 'string') {
      throw badRequest(`can't parse BotCommand: Can't find field "description"`);
    }
    const name = command.trim().replace(/^\//, '');
    if (name === '') throw badRequest('command must be non-empty');
    if ([...name].length > 32) throw badRequest('command length must not exceed 32');
    const text = description.trim();
    if (text === '') throw badRequest('command description must be non-empty');
    if ([...text].length > 256) throw badRequest('command description length must not exceed 256');
    if (!/^[a-z0-9_]+$/.test(name)) throw badRequest('BOT_COMMAND_INVALID');
    return { command: name, description: text };
  });
  if (commands.length > 100) throw badRequest('BOT_COMMANDS_TOO_MUCH');
  return commands;
}

/** language_code of the command methods: empty, or two lowercase letters (ISO 639-1). */
function readLanguage(params: Params<CommandMethod>): string {
  const code = params.text('language_code');
  if (code !== '' && !/^[a-z]{2}$/.test(code)) throw badRequest('invalid language code specified');
  return code;
}

function readScope(params: Params<CommandMethod>): BotCommandScope {
  const value = params.json('scope', "can't parse BotCommandScope JSON object");
  if (value === undefined) return { type: 'default' };
  if (
    typeof value !== 'object' ||
    value === null ||
    typeof (value as { type?: unknown }).type !== 'string'
  ) {
    throw badRequest('object expected as BotCommandScope');
  }
  const scope = value as BotCommandScope & { chat_id?: number | string; user_id?: number };
  const kinds = [
    'default',
    'all_private_chats',
    'all_group_chats',
    'all_chat_administrators',
    'chat',
    'chat_administrators',
    'chat_member',
  ];
  if (!kinds.includes(scope.type)) throw badRequest('unsupported type specified');
  return scope;
}

/** Where a command list is kept: its scope (with its chat and user) and language. */
function commandsKey(scope: BotCommandScope, languageCode: string): string {
  const { chat_id: chatId, user_id: userId } = scope as { chat_id?: unknown; user_id?: unknown };
  return [scope.type, chatId ?? '', userId ?? '', languageCode].join('|');
}

/** The commands a bot set for a scope and language, for the control surface. */
export function commandsOf(
  bot: BotRecord,
  scope: BotCommandScope = { type: 'default' },
  languageCode = '',
): BotCommand[] {
  return bot.commands.get(commandsKey(scope, languageCode)) ?? [];
}
