/**
 * Pictures the development server draws instead of storing: avatars (a coloured circle with an
 * initial, like Telegram shows for users without a photo) and shop image placeholders. Drawn
 * from a seed string so the same reference always looks the same in screenshots.
 */

const PALETTE = [
  ['#e17076', '#ff885e'],
  ['#7bc862', '#a0de7e'],
  ['#65aadd', '#72d5fd'],
  ['#a695e7', '#e0a2f3'],
  ['#ee7aae', '#ff8aac'],
  ['#6ec9cb', '#53edd6'],
  ['#faa774', '#ffcd6a'],
] as const;

function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

function colours(seed: string) {
  return PALETTE[seedOf(seed) % PALETTE.length] as readonly [string, string];
}

/** Up to two initials: "Dana Demo" -> "DD", "pixel_store_bot" -> "P". */
function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.slice(0, 2).map((word) => Array.from(word)[0] ?? '');
  return letters.join('').toUpperCase() || '?';
}

export function avatarSvg(name: string, seed: string = name): string {
  const [from, to] = colours(seed);
  const initials = escapeXml(initialsOf(name));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${to}"/><stop offset="1" stop-color="${from}"/></linearGradient></defs>
<circle cx="80" cy="80" r="80" fill="url(#g)"/>
<text x="80" y="80" dy="0.35em" text-anchor="middle" font-family="system-ui, -apple-system, sans-serif" font-size="64" font-weight="600" fill="#fff">${initials}</text>
</svg>`;
}

/** "/seed/cat-stickers.svg" -> "Cat stickers": the label a placeholder shows. */
export function labelFromPath(path: string): string {
  const file = path.split('/').filter(Boolean).pop() ?? '';
  const stem = file
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/[-_]+/g, ' ')
    .trim();
  return stem ? stem[0]?.toUpperCase() + stem.slice(1) : 'Image';
}

export function placeholderSvg(label: string, seed: string = label): string {
  const [from, to] = colours(seed);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400" viewBox="0 0 600 400">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="600" height="400" fill="url(#g)"/>
<circle cx="470" cy="110" r="46" fill="#fff" fill-opacity="0.35"/>
<path d="M0 330 L170 190 L300 300 L390 230 L600 370 L600 400 L0 400 Z" fill="#fff" fill-opacity="0.3"/>
<text x="300" y="200" dy="0.35em" text-anchor="middle" font-family="system-ui, -apple-system, sans-serif" font-size="40" font-weight="600" fill="#fff">${escapeXml(label)}</text>
</svg>`;
}
