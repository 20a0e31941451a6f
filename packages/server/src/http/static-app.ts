import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

/**
 * The built Mini App (app/dist): files as they are, and index.html for every other path (the
 * app routes on the client), but for an entry screen's path its own page when the build has one
 * (`entry/<path>.html`: the page of that screen's own build, whose first bundle holds the screen,
 * app/build/entry-builds-plugin.ts). Built files carry a content hash in their names, so
 * they are cached for a year; the pages never are, so a new build reaches everyone at once.
 */

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** Vite puts every hashed file under assets/. */
const HASHED = /^\/assets\//;

/**
 * The file of the entry page a path may have, in the build: `entry/<name>.html` for a path of
 * one segment of letters, in lower case, as the app's router matches paths ("/Shop/" is
 * "entry/shop.html"); null for any other path. Whether the build has that page is the caller's
 * to find out. The bench serves builds by the same rule (scripts/bench.mjs).
 */
export function entryPageFile(pathname: string): string | null {
  const name = /^\/([a-z]+)\/*$/i.exec(pathname)?.[1];
  return name ? `entry/${name.toLowerCase()}.html` : null;
}

export interface StaticApp {
  /** The file for a GET of `pathname`, or index.html; null only when the build is missing. */
  answer(pathname: string): Promise<Response | null>;
}

export function staticApp(dir: string): StaticApp {
  const root = normalize(dir + sep);
  let index: Promise<Buffer | null> | null = null;
  const readIndex = () => {
    index ??= readFile(join(root, 'index.html')).catch(() => null);
    return index;
  };
  // Read once each, like index.html; a path the build has no page for is remembered as such.
  const entryPages = new Map<string, Promise<Buffer | null>>();
  const readPage = async (pathname: string) => {
    const file = entryPageFile(pathname);
    if (file === null) return readIndex();
    let page = entryPages.get(file);
    if (!page) {
      page = readFile(join(root, file)).catch(() => null);
      entryPages.set(file, page);
    }
    return (await page) ?? readIndex();
  };

  async function fileAt(pathname: string): Promise<{ path: string; size: number } | null> {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return null;
    }
    const path = normalize(join(root, decoded));
    // A path that climbs out of the build (../) is never a file of it.
    if (!path.startsWith(root) || decoded.includes('\0')) return null;
    // Source maps are never published, even if a build left some behind.
    if (path.endsWith('.map')) return null;
    const info = await stat(path).catch(() => null);
    return info?.isFile() ? { path, size: info.size } : null;
  }

  return {
    async answer(pathname) {
      const file = pathname === '/' ? null : await fileAt(pathname);
      if (file) {
        return new Response(await readFile(file.path), {
          headers: {
            'Content-Type': TYPES[extname(file.path)] ?? 'application/octet-stream',
            'Content-Length': String(file.size),
            'Cache-Control': HASHED.test(pathname)
              ? 'public, max-age=31536000, immutable'
              : 'no-cache',
            'X-Content-Type-Options': 'nosniff',
          },
        });
      }
      const html = await readPage(pathname);
      if (!html) return null;
      return new Response(new Uint8Array(html), {
        headers: {
          'Content-Type': TYPES['.html'] as string,
          'Cache-Control': 'no-cache',
          'X-Content-Type-Options': 'nosniff',
          'Referrer-Policy': 'strict-origin-when-cross-origin',
        },
      });
    },
  };
}
