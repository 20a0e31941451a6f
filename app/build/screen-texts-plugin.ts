import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const QUERY = /\.json\?screen=(\w+)$/;
const PREFIX = '\0botdeck-screen-texts:';

/**
 * `import texts from '…/locales/en.json?screen=document'` gives one group of a locale file as a
 * module of its own. The shell imports en.json itself; a screen that takes its group this way
 * carries those texts in its own chunk, out of everyone's first load. (A bundler keeps a module
 * whole in one chunk, so named imports of en.json itself would not split it.)
 */
export function screenTexts(): Plugin {
  return {
    name: 'botdeck:screen-texts',
    enforce: 'pre',
    async resolveId(source, importer) {
      const match = QUERY.exec(source);
      if (!match) return null;
      const file = await this.resolve(source.slice(0, source.indexOf('?')), importer, {
        skipSelf: true,
      });
      // The id must not end in .json, or Vite's own JSON loader would take the module.
      return file ? `${PREFIX}${match[1]}:${file.id}.js` : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const rest = id.slice(PREFIX.length, -'.js'.length);
      const separator = rest.indexOf(':');
      const group = rest.slice(0, separator);
      const file = rest.slice(separator + 1);
      this.addWatchFile(file);
      const groups: Record<string, unknown> = JSON.parse(readFileSync(file, 'utf8'));
      if (!(group in groups)) this.error(`${file} has no group "${group}"`);
      return `export default ${JSON.stringify(groups[group])};`;
    },
  };
}
