import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEV_TOKEN_SECRET } from '@botdeck/server';
import { describe, expect, it } from 'vitest';
import {
  ALLOW_DEVELOPMENT_SECRET,
  DEVELOPMENT_TOKEN_SECRET,
  productionSecretProblem,
} from '../../app/build/production-secret-plugin';
import viteConfig from '../../app/vite.config';

/**
 * SERVER.md section 2: a production build without its own VITE_API_TOKEN_SECRET fails, and
 * production builds publish no source maps. (Before: such a build embedded the development
 * secret and published 103 source maps.)
 */

const APP = fileURLToPath(new URL('../../app', import.meta.url));

describe('productionSecretProblem', () => {
  it('refuses a build without a secret of its own', () => {
    expect(productionSecretProblem({})).toMatch(/needs its own VITE_API_TOKEN_SECRET/);
    expect(productionSecretProblem({ VITE_API_TOKEN_SECRET: '' })).toMatch(
      /needs its own VITE_API_TOKEN_SECRET/,
    );
  });

  it('refuses the development secret given as the secret', () => {
    expect(productionSecretProblem({ VITE_API_TOKEN_SECRET: DEVELOPMENT_TOKEN_SECRET })).toMatch(
      /is the development secret/,
    );
  });

  it('takes a secret of its own', () => {
    expect(productionSecretProblem({ VITE_API_TOKEN_SECRET: 'a-secret-of-its-own' })).toBeNull();
  });

  it('takes the development secret asked for by name, as tests and the bench do', () => {
    expect(productionSecretProblem({ [ALLOW_DEVELOPMENT_SECRET]: '1' })).toBeNull();
    expect(productionSecretProblem({ [ALLOW_DEVELOPMENT_SECRET]: 'true' })).not.toBeNull();
  });

  it("knows the development backend's secret as the development secret", () => {
    expect(DEVELOPMENT_TOKEN_SECRET).toBe(DEV_TOKEN_SECRET);
  });
});

describe('the production build', () => {
  it('writes no source maps', () => {
    expect(viteConfig.build?.sourcemap).toBe(false);
  });

  it('fails without its own VITE_API_TOKEN_SECRET, saying why, and writes nothing', () => {
    const outDir = mkdtempSync(join(tmpdir(), 'botdeck-build-'));
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
      delete env.VITE_API_TOKEN_SECRET;
      delete env[ALLOW_DEVELOPMENT_SECRET];
      const run = spawnSync(
        'npx',
        ['--no-install', 'vite', 'build', '--logLevel', 'error', '--outDir', outDir],
        { cwd: APP, env, encoding: 'utf8' },
      );
      expect(run.status).not.toBe(0);
      expect(`${run.stdout}${run.stderr}`).toContain(
        'A production build needs its own VITE_API_TOKEN_SECRET',
      );
      expect(readdirSync(outDir)).toEqual([]);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  }, 60_000);
});
