import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/**
 * Each built page carries its Content Security Policy in a `<meta>` at the top of its head, so
 * it holds wherever the page is served from (the Botdeck server, nginx, a CDN: docs/deploying.md).
 * A script the page did not ship never runs: the app renders names, texts and links its users
 * wrote, and should one ever reach the page as markup, an injected `<script>`, an inline event
 * handler or a `javascript:` link is refused by the browser as well.
 *
 * - Scripts: the app's own files and the page's inline scripts (the first frame), each by the
 *   SHA-256 of its text, computed here after every other plugin has written the page.
 * - Styles: the app's own files and inline styles (the inlined shell CSS, and the style
 *   attributes React and Radix set); a style cannot run code.
 * - Calls, pictures and media: the app's origin and the API's (`VITE_API_BASE_URL`, when it is
 *   elsewhere); `blob:` for the preview of a file picked for upload.
 * - No plugins (`object-src`), no `<base>` that would move every relative address, forms
 *   posted nowhere but the app. `frame-ancestors` cannot be set from a `<meta>`; Telegram Web
 *   shows the app in its frame.
 *
 * Nothing in the app evaluates strings as code: zod/mini, which checks the API's answers and the
 * forms, compiles no parsers (classic zod's objects would try `new Function` and be refused,
 * which the end-to-end suite reports as a failure: tests/e2e/support.ts, refuseCspViolations).
 */
export function contentSecurityPolicy(): Plugin {
  let apiOrigin: string | null = null;
  return {
    name: 'botdeck:content-security-policy',
    apply: 'build',
    configResolved(config) {
      apiOrigin = apiOriginOf(config.env.VITE_API_BASE_URL);
    },
    transformIndexHtml: {
      // Last of the plugins that write the page (the first frame's script, the shell's CSS).
      order: 'post',
      handler(html) {
        const policy = policyFor(inlineScriptsOf(html), apiOrigin);
        const meta = `<meta http-equiv="Content-Security-Policy" content="${policy}" />`;
        // Right after the charset: before any script or style the policy is to govern.
        const charset = /<meta charset="[^"]*"\s*\/?>/i.exec(html);
        if (!charset) throw new Error('the page has no <meta charset> to put its policy after');
        const at = charset.index + charset[0].length;
        return `${html.slice(0, at)}\n    ${meta}${html.slice(at)}`;
      },
    },
  };
}

/** The texts of the page's inline scripts (those without a `src`), exactly as the page has them. */
export function inlineScriptsOf(html: string): string[] {
  const scripts: string[] = [];
  for (const [, attributes, text] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (!/\bsrc\s*=/i.test(attributes ?? '')) scripts.push(text ?? '');
  }
  return scripts;
}

/** The policy of a page with these inline scripts, its calls going to `apiOrigin` as well. */
export function policyFor(inlineScripts: readonly string[], apiOrigin: string | null): string {
  const hashes = inlineScripts.map(
    (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`,
  );
  const api = apiOrigin ? [apiOrigin] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...hashes],
    'style-src': ["'self'", "'unsafe-inline'"],
    'connect-src': ["'self'", ...api],
    'img-src': ["'self'", 'blob:', ...api],
    'media-src': ["'self'", 'blob:', ...api],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/**
 * The origin of the API's address; null when the API is on the app's own origin (no address, or
 * a path on it).
 */
export function apiOriginOf(address: string | undefined): string | null {
  if (!address || address.startsWith('/')) return null;
  try {
    return new URL(address).origin;
  } catch {
    throw new Error(`VITE_API_BASE_URL is not an address: ${address}`);
  }
}
