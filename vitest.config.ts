import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { areaTexts } from './apps/web/texts-plugin.ts';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const SERVER_TESTS = 'apps/server/src';

/**
 * The server's test files that need a test database: those that open an app on one (`useTestApp`)
 * or a database of their own (`createTestDatabase`). The others need no database server and run in
 * the `server` project, which starts none.
 */
const apiFiles = (fs.readdirSync(SERVER_TESTS, { recursive: true }) as string[])
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => path.join(SERVER_TESTS, name).split(path.sep).join('/'))
  .filter((file) => /\b(useTestApp|createTestDatabase)\(/.test(fs.readFileSync(file, 'utf8')));

const WEB_TESTS = 'apps/web/src';

/**
 * The web test files that replace a module (`vi.mock`, `vi.doMock`): a replacement lives in the
 * worker's module registry, so in a shared module graph it would reach the files run after them.
 * They run in `web-isolated`, each with its own jsdom and modules; the others share one per worker.
 */
const mockingWebFiles = (fs.readdirSync(WEB_TESTS, { recursive: true }) as string[])
  .filter((name) => /\.test\.tsx?$/.test(name))
  .map((name) => path.join(WEB_TESTS, name).split(path.sep).join('/'))
  .filter((file) => /\bvi\.(mock|doMock)\(/.test(fs.readFileSync(file, 'utf8')));

const webTests = {
  environment: 'jsdom',
  setupFiles: [`${WEB_TESTS}/testing/setup.ts`],
  // A screen's test types and clicks through jsdom: under a 2-core machine's full load one took
  // 6.4 s where it takes under one quiet, past the default 5 s.
  testTimeout: 20_000,
};

const serverTests = {
  // One module graph per worker for every server file (decision 022): each API file still opens its
  // own database and app, but the app's modules are imported once per worker, not once per file.
  isolate: false,
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/**
 * The order in which the projects' files start (vitest's own sorts the projects by name, which
 * started `web-isolated` last: its slowest file, the booking page's 13 steps through a whole form,
 * then ran alone for the last fifth of a run). Files whose each start is costly or long go first,
 * the many short shared-jsdom files last, where they fill the workers as the run ends. Within a
 * project vitest's order stays: failed first, then the longest (or, without a cache, the largest).
 */
const PROJECT_ORDER = ['web-isolated', 'api', 'server', 'contract', 'web'];

class ProjectsInOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => PROJECT_ORDER.indexOf(file.project.name);
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

/**
 * Contract, web and server tests. The API tests run on PostgreSQL: an embedded cluster started once
 * per run in a temporary directory, or TEST_DATABASE_URL's server when it is set; the migrations run
 * once into a template, and each file gets a copy of its own (apps/server/src/test/global-setup.ts).
 */
export default defineConfig({
  test: {
    // One worker more than the cores: an API test waits on PostgreSQL, another process, for much of
    // its time. On 2 cores, 3 workers ran the suite in 138 s, 4 in 141 s, the default 2 in 221–228 s.
    maxWorkers: os.availableParallelism() + 1,
    sequence: { sequencer: ProjectsInOrder },
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      {
        plugins: [areaTexts()],
        test: {
          name: 'web',
          include: [`${WEB_TESTS}/**/*.test.{ts,tsx}`],
          exclude: mockingWebFiles,
          // One jsdom and one module graph per worker, not per file: building a jsdom and importing
          // React and Mantine again for each file took most of its time (all 68 web files isolated:
          // 142 s wall on 2 cores; these 58 shared: 27 s). shared-worker-setup.ts gives each file a
          // clean start: the page, storage, timers, globals, and the app's and Mantine's stores.
          isolate: false,
          ...webTests,
          setupFiles: [...webTests.setupFiles, `${WEB_TESTS}/testing/shared-worker-setup.ts`],
        },
      },
      {
        plugins: [areaTexts()],
        test: { name: 'web-isolated', include: mockingWebFiles, ...webTests },
      },
      {
        test: {
          name: 'api',
          include: apiFiles,
          globalSetup: [`${SERVER_TESTS}/test/global-setup.ts`],
          ...serverTests,
        },
      },
      {
        test: {
          name: 'server',
          include: [`${SERVER_TESTS}/**/*.test.ts`],
          exclude: apiFiles,
          ...serverTests,
        },
      },
    ],
  },
});
