// Finds the Chromium the tests, the end-to-end suite and the benchmark drive. Playwright's own
// browser download does not work on our machines, so it is Debian's chromium: from CHROME_PATH,
// at /usr/bin/chromium, or installed here when we run as root (a fresh CI machine).
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const DEBIAN_PACKAGES = [
  'chromium',
  'fonts-noto-core',
  'fonts-noto-mono',
  'fonts-noto-color-emoji',
];
// Screenshots depend on these fonts: Latin, Arabic, Cyrillic, code and emoji must render alike
// everywhere. One file of each package tells whether it is there.
const FONT_FILES = [
  '/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf',
  '/usr/share/fonts/truetype/noto/NotoSansMono-Regular.ttf',
  '/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf',
];

/**
 * The fontconfig setup every browser we start reads: only the Noto fonts above, with every family
 * name a page may ask for mapped onto them, so no other font a machine has can reach a screenshot.
 */
const FONTCONFIG_FILE = fileURLToPath(new URL('./fonts.conf', import.meta.url));

/** The environment for a browser we start: ours, with the pinned fonts. */
export function browserEnv() {
  return { ...process.env, FONTCONFIG_FILE };
}

/**
 * The flags every launch uses, on a machine with no GPU and no outside network. Playwright adds
 * headless itself; a launcher that does not (chrome-launcher) adds `--headless`.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const isExecutable = (path) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function aptInstall(packages) {
  console.info(`Installing Debian packages: ${packages.join(' ')} (about 1-2 minutes)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', ...packages]]) {
    const run = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (run.status !== 0) throw new Error(`apt-get ${args[0]} failed (exit ${run.status})`);
  }
}

/**
 * The path of a usable Chromium with our fonts, installing both when root. Exits with one clear
 * line when neither is possible.
 */
export function ensureChromium() {
  let path = [process.env.CHROME_PATH, '/usr/bin/chromium'].find((p) => p && isExecutable(p));
  const missingFonts = FONT_FILES.filter((file) => !existsSync(file));
  if (!path || missingFonts.length > 0) {
    if (isRoot()) {
      aptInstall(path ? DEBIAN_PACKAGES.slice(1) : DEBIAN_PACKAGES);
      path ??= '/usr/bin/chromium';
    } else if (!path) {
      console.error(
        `Chromium not found: run "sudo apt-get install -y ${DEBIAN_PACKAGES.join(' ')}" or set CHROME_PATH to a Chromium binary.`,
      );
      process.exit(1);
    } else {
      console.warn(
        `Fonts missing (${missingFonts.join(', ')}): screenshots may differ; run "sudo apt-get install -y ${DEBIAN_PACKAGES.slice(1).join(' ')}".`,
      );
    }
  }
  if (!isExecutable(path)) {
    console.error(`Chromium not usable at ${path}: set CHROME_PATH to a Chromium binary.`);
    process.exit(1);
  }
  return path;
}

/** "Chromium 156.0.8078.79 …", printed at the start of a run: screenshots depend on it. */
export function chromiumVersion(path) {
  try {
    return execFileSync(path, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'unknown version';
  }
}
