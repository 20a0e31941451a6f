#!/usr/bin/env node
// What blocks the event loop while the server's store on embedded PGlite takes a burst of
// writes like the bot runtime's (docs/decisions.md, "What stalled the server on PGlite").
//
//   node scripts/pglite-event-loop.mjs [--transactions 10000] [--concurrency 500]
//     [--after 5] [--start-param=-c --start-param=max_wal_size=32MB] [--keep]
//
// Opens the store as the server does (openDatabaseStore, a temporary data folder, the seed in
// it), then runs --transactions write transactions (the runtime's takeUpdate insert and
// awaitAnswer upsert, one each per "update", with a read of the bot between them) from
// --concurrency callers at once, each starting its next update when its last one is done.
// Meanwhile a 10 ms timer notes every wait longer than 100 ms, and PGlite's one synchronous
// entry (execProtocolRawSync: PostgreSQL running a protocol message, file writes included) is
// timed: its longest call is the longest single block PGlite itself makes. The timer keeps
// running --after seconds after the burst; then the WAL the burst wrote, the dead rows it left
// (single-user mode has no autovacuum) and an explicit CHECKPOINT, timed.
// --start-param adds PostgreSQL start arguments to PGlite's defaults (PGlite.create's
// `startParams`), to try settings that cannot be changed with SET.
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { importTypeScript } from './lib/typescript.mjs';

const { values: args } = parseArgs({
  options: {
    transactions: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '500' },
    after: { type: 'string', default: '5' },
    'start-param': { type: 'string', multiple: true, default: [] },
    keep: { type: 'boolean', default: false },
  },
});
const TRANSACTIONS = Number(args.transactions);
const CONCURRENCY = Number(args.concurrency);
const AFTER_MS = Number(args.after) * 1000;

// PGlite's synchronous calls, timed. What a call ran is read from its protocol message: the
// query text of a Parse ('P') or Query ('Q') message.
const sync = { calls: 0, totalMs: 0, longest: [] };
const decoder = new TextDecoder();
function describe(message) {
  for (let i = 0; i < message.length; ) {
    const type = String.fromCharCode(message[i]);
    const length = new DataView(message.buffer, message.byteOffset + i + 1, 4).getUint32(0);
    if (type === 'Q') return decoder.decode(message.subarray(i + 5, i + length)).slice(0, 60);
    if (type === 'P') {
      const body = message.subarray(i + 5, i + 1 + length);
      const nameEnd = body.indexOf(0);
      const textEnd = body.indexOf(0, nameEnd + 1);
      return decoder
        .decode(body.subarray(nameEnd + 1, textEnd))
        .replace(/\s+/g, ' ')
        .slice(0, 60);
    }
    i += 1 + length;
  }
  return `(${String.fromCharCode(message[0])} message)`;
}
const rawSync = PGlite.prototype.execProtocolRawSync;
PGlite.prototype.execProtocolRawSync = function timed(message) {
  const start = performance.now();
  try {
    return rawSync.call(this, message);
  } finally {
    const ms = performance.now() - start;
    sync.calls += 1;
    sync.totalMs += ms;
    if (ms > 20) sync.longest.push({ at: start, ms, what: describe(message) });
  }
};

// File writes PGlite makes (its NODEFS mount calls node:fs synchronously).
const files = { writes: 0, bytes: 0, ms: 0 };
const writeSync = fs.writeSync;
fs.writeSync = function counted(fd, buffer, ...rest) {
  const start = performance.now();
  try {
    const written = writeSync.call(this, fd, buffer, ...rest);
    files.bytes += written;
    return written;
  } finally {
    files.writes += 1;
    files.ms += performance.now() - start;
  }
};

// The PGlite the store opens, kept to read settings and time a CHECKPOINT.
let pglite;
const extraStartParams = args['start-param'];
const create = PGlite.create;
PGlite.create = async (options) => {
  pglite = await create.call(PGlite, {
    ...options,
    ...(extraStartParams.length > 0
      ? { startParams: [...PGlite.defaultStartParams, ...extraStartParams] }
      : {}),
  });
  return pglite;
};

const db = await importTypeScript('packages/server/src/db/index.ts');
const seed = await importTypeScript('packages/server/src/seed/index.ts');

const dir = await mkdtemp(join(tmpdir(), 'botdeck-pglite-event-loop-'));
const data = seed.createSeed();
const botId = data.bots[0].id;
const store = await db.openDatabaseStore({
  dataDir: dir,
  tokenKey: new Uint8Array(32),
  seedWhenEmpty: (s) => s.reset(data),
});

// The probe: a 10 ms timer, and Node's own histogram of event-loop delay.
const t0 = performance.now();
const at = (time) => ((time - t0) / 1000).toFixed(2);
const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
const waits = [];
let last = performance.now();
const probe = setInterval(() => {
  const now = performance.now();
  if (now - last > 100) waits.push({ at: last, ms: now - last - 10 });
  last = now;
}, 10);
// Node's histogram takes its first sample as the start of its count: a burst started at once
// would be missing from it.
await new Promise((resolve) => setTimeout(resolve, 100));

const lsn = async () =>
  Object.values((await pglite.query('SELECT pg_current_wal_lsn()::text AS lsn')).rows[0])[0];
const lsnBefore = await lsn();

let updates = 0;
let writes = 0;
const burstStart = performance.now();
const cpuStart = process.cpuUsage();
async function caller(n) {
  for (;;) {
    const update = updates;
    if (writes >= TRANSACTIONS) return;
    updates += 1;
    const userId = 100_000_000 + ((n * 7919 + update) % 5000);
    await store.write((tx) => tx.runtime.takeUpdate(botId, update + 1, Date.now()));
    writes += 1;
    await store.read((tx) => tx.bots.get(botId));
    await store.write((tx) => tx.runtime.awaitAnswer(botId, userId, update % 2 ? 1 : null));
    writes += 1;
  }
}
await Promise.all(Array.from({ length: CONCURRENCY }, (_, n) => caller(n)));
const burstEnd = performance.now();
const cpu = process.cpuUsage(cpuStart);
await new Promise((resolve) => setTimeout(resolve, AFTER_MS));
clearInterval(probe);
histogram.disable();

function summary(label, list) {
  const sorted = [...list].sort((a, b) => b.ms - a.ms);
  console.log(`${label}: ${list.length}`);
  for (const entry of sorted.slice(0, 8)) {
    console.log(
      `  ${Math.round(entry.ms)} ms at ${at(entry.at)} s${entry.what ? `: ${entry.what}` : ''}`,
    );
  }
}

console.log(
  `${writes} write transactions (${updates} updates, ${CONCURRENCY} at once) in ${((burstEnd - burstStart) / 1000).toFixed(1)} s (${at(burstStart)}–${at(burstEnd)} s), then ${AFTER_MS / 1000} s idle`,
);
console.log(
  `CPU of this process during the burst: ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s, ${((cpu.user + cpu.system) / 1e3 / writes).toFixed(2)} ms a write transaction (its read included)`,
);
console.log(
  `event-loop delay (monitorEventLoopDelay): max ${Math.round(histogram.max / 1e6)} ms, p99 ${Math.round(histogram.percentile(99) / 1e6)} ms, mean ${Math.round(histogram.mean / 1e6)} ms`,
);
summary('10 ms timer waits over 100 ms', waits);
console.log(
  `PGlite synchronous calls: ${sync.calls}, ${Math.round(sync.totalMs)} ms in all, ${(sync.totalMs / sync.calls).toFixed(2)} ms each on average`,
);
summary('PGlite synchronous calls over 20 ms', sync.longest);
console.log(
  `file writes: ${files.writes}, ${(files.bytes / 1e6).toFixed(1)} MB, ${Math.round(files.ms)} ms in writeSync`,
);

// Settings, the WAL written, and an explicit checkpoint.
const { rows: walRows } = await pglite.query(
  `SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '${lsnBefore}') AS bytes`,
);
console.log(
  `WAL written by the burst: ${(Number(walRows[0].bytes) / 1e6).toFixed(1)} MB (${Math.round(Number(walRows[0].bytes) / writes)} bytes a write transaction)`,
);
const shown = [];
for (const name of [
  'fsync',
  'synchronous_commit',
  'full_page_writes',
  'shared_buffers',
  'wal_buffers',
  'max_wal_size',
  'checkpoint_timeout',
  'wal_level',
]) {
  const { rows } = await pglite.query(`SHOW ${name}`);
  shown.push(`${name}=${Object.values(rows[0])[0]}`);
}
console.log(`settings: ${shown.join(' ')}`);
// Single-user mode has no autovacuum: what the burst left behind stays until a VACUUM.
const { rows: dead } = await pglite.query(
  `SELECT relname, n_live_tup, n_dead_tup, last_autovacuum FROM pg_stat_user_tables
   WHERE relname IN ('taken_updates', 'awaited_answers') ORDER BY relname`,
);
for (const row of dead) {
  console.log(
    `${row.relname}: ${row.n_live_tup} live rows, ${row.n_dead_tup} dead, autovacuumed ${row.last_autovacuum ?? 'never'}`,
  );
}
const before = { ...files };
const checkpointStart = performance.now();
await pglite.query('CHECKPOINT');
console.log(
  `CHECKPOINT: ${Math.round(performance.now() - checkpointStart)} ms, ${files.writes - before.writes} file writes, ${((files.bytes - before.bytes) / 1e6).toFixed(1)} MB`,
);
await store.close();
if (!args.keep) await rm(dir, { recursive: true, force: true });
else console.log(`data kept in ${dir}`);
