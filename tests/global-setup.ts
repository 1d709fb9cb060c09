// Once for the whole run: every temporary directory the tests make (with
// os.tmpdir(): stores, mailboxes, Dovecot's and Chromium's files) goes under
// one directory of the run's, removed when the run ends, so a run leaves
// nothing behind in /tmp (thousands of stores a run, gigabytes over a day of
// runs). JUDGE_KEEP_TEST_TMP=1 keeps it, and says where it is.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  // Each project of vitest.config.ts runs the global setup too: one directory for the whole run.
  if (process.env.JUDGE_TEST_TMP) return () => {};
  const before = process.env.TMPDIR;
  // Short: Dovecot's sockets live under it, and a socket's path is limited to 107 bytes.
  const root = mkdtempSync(join(tmpdir(), 'jt-'));
  // As /tmp is: Dovecot's processes run as users of their own and must reach their directories under it.
  chmodSync(root, 0o1777);
  process.env.TMPDIR = root;
  process.env.JUDGE_TEST_TMP = root;
  return () => {
    delete process.env.JUDGE_TEST_TMP;
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    if (process.env.JUDGE_KEEP_TEST_TMP === '1') console.log(`the tests' temporary files: ${root}`);
    else rmSync(root, { recursive: true, force: true, maxRetries: 3 });
  };
}
