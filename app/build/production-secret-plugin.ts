import type { Plugin } from 'vite';

/**
 * The secret every development build signs its Bearer token with (the app's default
 * VITE_API_TOKEN_SECRET, the development backend's DEV_TOKEN_SECRET). It is in this repository,
 * so a production build that embeds it lets anyone make a valid token.
 */
export const DEVELOPMENT_TOKEN_SECRET = 'botdeck-development-secret';

/**
 * The opt-in a build for tests or the bench sets (to `1`) to embed the development secret on
 * purpose: those builds are served by the development backend, which checks tokens with it.
 */
export const ALLOW_DEVELOPMENT_SECRET = 'BOTDECK_ALLOW_DEVELOPMENT_TOKEN_SECRET';

/**
 * Why a production build with these variables must not be made, or null when it may: it needs
 * a VITE_API_TOKEN_SECRET of its own (SERVER.md section 2), unless the development secret was
 * asked for by name.
 */
export function productionSecretProblem(
  env: Readonly<Record<string, string | undefined>>,
): string | null {
  const secret = env.VITE_API_TOKEN_SECRET;
  if (env[ALLOW_DEVELOPMENT_SECRET] === '1') return null;
  if (secret === undefined || secret === '') {
    return (
      'A production build needs its own VITE_API_TOKEN_SECRET (the secret the API checks its ' +
      'Bearer tokens with); without one it would embed the development secret, which is public. ' +
      `Set it in the environment or in .env.production.local. A build for tests or the bench sets ${ALLOW_DEVELOPMENT_SECRET}=1 instead.`
    );
  }
  if (secret === DEVELOPMENT_TOKEN_SECRET) {
    return (
      'VITE_API_TOKEN_SECRET is the development secret, which is public: a production build ' +
      `needs a secret of its own. A build for tests or the bench sets ${ALLOW_DEVELOPMENT_SECRET}=1 instead.`
    );
  }
  return null;
}

/**
 * Fails a production build without its own token secret, before anything is written. Builds
 * for development (`--mode development`) and the dev server are not checked: they run with the
 * development backend, which expects the development secret.
 */
export function productionSecret(): Plugin {
  return {
    name: 'botdeck:production-secret',
    apply: 'build',
    configResolved(config) {
      if (!config.isProduction) return;
      // VITE_ variables come from the .env files and the environment; the opt-in only from
      // the environment, so no committed file can switch the check off.
      const problem = productionSecretProblem({
        VITE_API_TOKEN_SECRET: config.env.VITE_API_TOKEN_SECRET,
        [ALLOW_DEVELOPMENT_SECRET]: process.env[ALLOW_DEVELOPMENT_SECRET],
      });
      if (problem) throw new Error(problem);
    },
  };
}
