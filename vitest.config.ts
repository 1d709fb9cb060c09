// Tests run TypeScript directly; tests/setup.ts loads every game kind first
// (the CLI loads only the kinds a command needs: src/games/registry.ts), and
// tests/global-setup.ts keeps the run's temporary files in one directory.
//
// Test files run in parallel, at least two at a time: on a 2-core machine
// vitest's default (one less than the cores) runs them one by one, and the
// suite then takes about 9 minutes of CI's 15 instead of about 5½. Tests that
// start servers and processes take longer when another file runs beside them,
// so a test's own limit is 30 s (a file or test that needs more says so).
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    setupFiles: ['tests/setup.ts'],
    // The run's temporary files under one directory, removed at its end (tests/global-setup.ts).
    globalSetup: ['tests/global-setup.ts'],
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
