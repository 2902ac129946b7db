/**
 * `npm run bench:start`: how long `npm start`'s server takes to its first 200 on the embedded
 * default, and what its processes hold then (issue 25's goals: an empty `DATA_DIR` with the demo
 * seed ≤ 5 s, an existing one ≤ 2 s, RSS ≤ 350 MB). Each round starts on a new empty data
 * directory, stops (SIGTERM), and starts again on the same one. `BENCH_ROUNDS` rounds (3).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServerProcess } from './server-process.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PORT = Number(process.env.BENCH_START_PORT ?? 3392);

const load = () => (os.loadavg()[0] ?? 0).toFixed(2);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

for (let round = 1; round <= ROUNDS; round += 1) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'logoschool-bench-start-'));
  // As root the embedded PostgreSQL runs as the user postgres, who must reach its directory.
  fs.chmodSync(dataDir, 0o755);
  try {
    for (const kind of ['empty DATA_DIR, demo seed', 'existing DATA_DIR']) {
      const server = await startServerProcess(PORT, dataDir);
      console.log(
        `round ${round}, ${kind}: first 200 after ${seconds(server.startMs)}; ` +
          `RSS ${server.rssMb().toFixed(0)} MB (${server.processes()}); load ${load()}`,
      );
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
