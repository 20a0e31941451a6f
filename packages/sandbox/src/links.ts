/**
 * Links as Telegram checks them (TDLib's LinkManager::check_link): an http(s) address needs a
 * host with a dot and comes back normalised (`https://example.com` → `https://example.com/`); a
 * tg:// link keeps its host and query; anything else is not a link.
 */

/** The address Telegram stores for a link, or null when Telegram would not accept it. */
export function checkedLink(link: string): string | null {
  const trimmed = link.trim();
  if (/^tg:/i.test(trimmed)) {
    const rest = trimmed.slice(3).replace(/^\/\//, '');
    const match = /^([A-Za-z0-9_-]+)(\?.*)?$/.exec(rest);
    return match ? `tg://${match[1]}${match[2] ?? ''}` : null;
  }
  const hasScheme = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(trimmed);
  if (hasScheme && !/^https?:\/\//i.test(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(hasScheme ? trimmed : `http://${trimmed}`);
  } catch {
    return null;
  }
  if (!url.hostname.includes('.') && !url.hostname.startsWith('[')) return null;
  return url.href;
}

/** A loopback host: a development server on this machine, which has no certificate. */
export function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname === '[::1]' ||
    /^127(\.\d{1,3}){3}$/.test(hostname) ||
    hostname.endsWith('.localhost')
  );
}

/**
 * An address Telegram opens as a Mini App (web_app buttons) or posts updates to (webhooks):
 * https only. The sandbox also takes http on a loopback host, since a development server there
 * has no certificate (docs/decisions.md).
 */
export function isSecureOrLoopbackUrl(address: string): boolean {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return url.hostname.includes('.') || isLoopbackHost(url.hostname);
  return url.protocol === 'http:' && isLoopbackHost(url.hostname);
}
