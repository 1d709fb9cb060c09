// Tests run TypeScript directly; tests/setup.ts loads every game kind first
// (the CLI loads only the kinds a command needs: src/games/registry.ts), and
// tests/global-setup.ts keeps the run's temporary files in one directory.
//
// Test files run in parallel, at least two at a time: on a 2-core machine
// vitest's default (one less than the cores) runs them one by one, and the
// suite then takes about 9 minutes of CI's 15 instead of about 5½. Tests that
// start servers and processes take longer when another file runs beside them,
// so a test's own limit is 30 s (a file or test that needs more says so).
//
// Most files share their worker's modules with the files that ran there
// before (isolate: false): loading the judge's modules and every game kind
// again for each of 150 files cost about 1.1 s a file (a quarter of the
// suite's time). tests/setup.ts puts back after each file what a file may
// change for the next (the environment, process.exitCode, kinds a test
// registered). The files that replace modules (vi.mock, vi.spyOn on a
// module's export) run each in a fresh worker, as every file did before.
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/** Files that replace a module's exports or mock modules: each in a worker of its own. */
export const ISOLATED = [
  'tests/core/intake-speed.test.ts',
  'tests/core/seat-orders.test.ts',
  'tests/core/wal-sync.test.ts',
  'tests/dice/verify.test.ts',
  'tests/gm/gm-loop.test.ts',
  'tests/integration/imap-durable.test.ts',
  'tests/integration/mail.test.ts',
  'tests/integration/smtp-outage.test.ts',
  'tests/mail/early-checks.test.ts',
  'tests/mail/html-mail.test.ts',
  'tests/mail/intake-groups.test.ts',
  'tests/mail/relay-shared.test.ts',
];

export default defineConfig({
  test: {
    setupFiles: ['tests/setup.ts'],
    // The run's temporary files under one directory, removed at its end (tests/global-setup.ts).
    globalSetup: ['tests/global-setup.ts'],
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'shared', isolate: false, exclude: [...configDefaults.exclude, ...ISOLATED] } },
      { extends: true, test: { name: 'isolated', isolate: true, include: ISOLATED } },
    ],
  },
});
