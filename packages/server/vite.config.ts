import { cp } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

/**
 * The production server as compiled JavaScript (`npm run build` → dist/main.js, run by
 * `npm run serve`): Node 20 cannot run TypeScript, and a production server must not carry a
 * TypeScript loader. The workspace packages (core, api) are bundled in, their sources being
 * TypeScript; npm packages stay in node_modules (PGlite loads its WebAssembly from beside its
 * own files). The SQL migrations are read at run time from beside the code, so they are copied.
 */

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

function copyMigrations(): Plugin {
  return {
    name: 'botdeck:copy-migrations',
    async writeBundle() {
      await cp(here('./src/db/migrations'), here('./dist/migrations'), { recursive: true });
    },
  };
}

export default defineConfig({
  plugins: [copyMigrations()],
  build: {
    ssr: here('./src/main.ts'),
    outDir: here('./dist'),
    emptyOutDir: true,
    target: 'node20',
    // A production server publishes nothing, but a map would carry the sources into images.
    sourcemap: false,
    minify: false,
    rolldownOptions: { output: { entryFileNames: 'main.js' } },
  },
  ssr: {
    // Bundled: the workspace's own TypeScript. Everything else is left to Node.
    noExternal: [/^@botdeck\//],
  },
});
