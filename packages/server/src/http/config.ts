import { join } from 'node:path';
import { DEV_BOT_TOKEN, DEV_TOKEN_SECRET } from '../auth';
import { type RateLimit, USER_RATE_LIMIT } from '../rate-limit';

/**
 * The server's settings, read once from the environment (SERVER.md section 1). Development runs
 * with fixed development values; production refuses to start on any of them (configProblems),
 * and `npm run serve -- --check` prints what it would refuse without starting.
 */

export interface ServerConfig {
  /** Production: no seed, no development routes, no development secrets. */
  production: boolean;
  /** A PostgreSQL server, or null for embedded PGlite in `dataDir`. */
  databaseUrl: string | null;
  /** The embedded database and the uploads. */
  dataDir: string;
  /** Botdeck's own bot: signs the dashboard's initData. */
  botToken: string;
  /**
   * Where the Bot API is; null in development without TELEGRAM_API_ROOT: the server starts a
   * Telegram sandbox on 127.0.0.1 and runs the bots there (SERVER.md section 7).
   */
  telegramApiRoot: string | null;
  /** The HTTPS address Telegram and browsers reach this server at; null: long polling. */
  publicUrl: URL | null;
  /** 32 bytes that encrypt bot tokens at rest. */
  tokenKey: Uint8Array;
  /** The contract's Bearer secret (the build's VITE_API_TOKEN_SECRET). */
  apiTokenSecret: string;
  port: number;
  /** The address to listen on: loopback unless HOST says otherwise (a container says 0.0.0.0). */
  host: string;
  /** Origins besides the server's own that may call the API (an app hosted elsewhere). */
  appOrigins: string[];
  /** Bytes each bot may keep in uploads. */
  uploadQuotaBytes: number;
  /** Calls per user: a burst and a rate; null (development only) for none, as the bench runs. */
  userRateLimit: RateLimit | null;
}

/** The development key: every development machine has it, so production refuses it. */
const DEV_TOKEN_KEY_HEX = 'b07dec'.repeat(10).padEnd(64, '0');

const DEFAULT_PORT = 8787;
const DEFAULT_UPLOAD_QUOTA_MB = 200;

/** A setting the server cannot run with, named for the person deploying it. */
export interface ConfigProblem {
  variable: string;
  problem: string;
}

type Env = Record<string, string | undefined>;

function hexKey(text: string): Uint8Array | null {
  if (!/^[0-9a-f]{64}$/i.test(text)) return null;
  return Uint8Array.from(text.match(/../g) ?? [], (byte) => Number.parseInt(byte, 16));
}

/** The settings as the environment gives them, with each problem it has (empty: fine). */
export function readConfig(
  env: Env,
  options: { repoRoot: string },
): { config: ServerConfig; problems: ConfigProblem[] } {
  const production = env.NODE_ENV === 'production';
  const problems: ConfigProblem[] = [];
  const need = (variable: string, problem: string) => problems.push({ variable, problem });

  const botToken = env.BOTDECK_BOT_TOKEN || (production ? '' : DEV_BOT_TOKEN);
  if (!botToken)
    need('BOTDECK_BOT_TOKEN', "is not set: give your Botdeck bot's token from @BotFather.");
  else if (!/^\d{6,12}:[A-Za-z0-9_-]{30,}$/.test(botToken) && botToken !== DEV_BOT_TOKEN) {
    need('BOTDECK_BOT_TOKEN', 'is not a bot token (digits, a colon, then the secret).');
  } else if (production && botToken === DEV_BOT_TOKEN) {
    need('BOTDECK_BOT_TOKEN', 'is the development token.');
  }

  const keyText = env.BOTDECK_TOKEN_KEY || (production ? '' : DEV_TOKEN_KEY_HEX);
  const tokenKey = hexKey(keyText);
  if (!keyText) {
    need('BOTDECK_TOKEN_KEY', 'is not set: 64 hex digits (openssl rand -hex 32).');
  } else if (!tokenKey) {
    need('BOTDECK_TOKEN_KEY', 'must be 64 hex digits (openssl rand -hex 32).');
  } else if (production && keyText.toLowerCase() === DEV_TOKEN_KEY_HEX) {
    need('BOTDECK_TOKEN_KEY', 'is the development key.');
  }

  const apiTokenSecret = env.BOTDECK_API_TOKEN_SECRET || (production ? '' : DEV_TOKEN_SECRET);
  if (!apiTokenSecret) {
    need(
      'BOTDECK_API_TOKEN_SECRET',
      'is not set: the same value the app was built with (VITE_API_TOKEN_SECRET).',
    );
  } else if (production && apiTokenSecret === DEV_TOKEN_SECRET) {
    need('BOTDECK_API_TOKEN_SECRET', 'is the development secret.');
  }

  let publicUrl: URL | null = null;
  if (env.BOTDECK_PUBLIC_URL) {
    try {
      publicUrl = new URL(env.BOTDECK_PUBLIC_URL);
      if (publicUrl.protocol !== 'https:') {
        need(
          'BOTDECK_PUBLIC_URL',
          'must be an https:// address (Telegram calls webhooks over HTTPS).',
        );
      }
    } catch {
      need('BOTDECK_PUBLIC_URL', 'is not an address.');
    }
  } else if (production) {
    need('BOTDECK_PUBLIC_URL', 'is not set: the HTTPS address your Mini App is served at.');
  }

  const databaseUrl = env.DATABASE_URL || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    need('DATABASE_URL', 'must start with postgres:// or postgresql://.');
  }

  const port = env.PORT ? Number(env.PORT) : DEFAULT_PORT;
  if (!Number.isInteger(port) || port < 0 || port > 65_535) need('PORT', 'is not a port number.');

  const quotaMb = env.BOTDECK_UPLOAD_QUOTA_MB
    ? Number(env.BOTDECK_UPLOAD_QUOTA_MB)
    : DEFAULT_UPLOAD_QUOTA_MB;
  if (!Number.isFinite(quotaMb) || quotaMb <= 0) {
    need('BOTDECK_UPLOAD_QUOTA_MB', 'must be a number of megabytes above 0.');
  }

  const appOrigins = (env.BOTDECK_APP_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of appOrigins) {
    if (!/^https?:\/\/[^/]+$/.test(origin)) {
      need('BOTDECK_APP_ORIGINS', `"${origin}" is not an origin (scheme and host, no path).`);
    }
  }

  let userRateLimit: RateLimit | null = USER_RATE_LIMIT;
  const rate = env.BOTDECK_RATE_LIMIT?.trim();
  if (rate === 'off') {
    if (production) need('BOTDECK_RATE_LIMIT', 'cannot be off in production.');
    userRateLimit = null;
  } else if (rate) {
    const match = /^(\d+)\/(\d+(?:\.\d+)?)$/.exec(rate);
    if (match && Number(match[1]) >= 1 && Number(match[2]) > 0) {
      userRateLimit = { burst: Number(match[1]), perSecond: Number(match[2]) };
    } else {
      need(
        'BOTDECK_RATE_LIMIT',
        'must be <burst>/<per second>, like 30/2 (or off in development).',
      );
    }
  }

  return {
    config: {
      production,
      databaseUrl,
      dataDir: env.BOTDECK_DATA_DIR || join(options.repoRoot, '.data'),
      botToken,
      telegramApiRoot: env.TELEGRAM_API_ROOT || (production ? 'https://api.telegram.org' : null),
      publicUrl,
      tokenKey: tokenKey ?? new Uint8Array(32),
      apiTokenSecret,
      port,
      host: env.HOST || '127.0.0.1',
      appOrigins,
      uploadQuotaBytes: Math.round(quotaMb * 1024 * 1024),
      userRateLimit,
    },
    problems,
  };
}
