// Players' text printed by the CLI reaches the GM's terminal without escape
// sequences (src/cli/terminal.ts): on a terminal, controls but tab, line feed
// and carriage return show as U+FFFD; output to a pipe or file is untouched.
import { Writable } from 'node:stream';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { guardTerminal } from '../../src/cli/terminal.js';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { mail, tavern, tempDir, testJudge } from '../helpers.js';

function fakeStream(isTTY: boolean): { stream: NodeJS.WriteStream; out: () => string } {
  const parts: Buffer[] = [];
  const w = new Writable({
    write(chunk: Buffer, _enc, cb) {
      parts.push(Buffer.from(chunk));
      cb();
    },
  }) as unknown as NodeJS.WriteStream;
  (w as { isTTY: boolean }).isTTY = isTTY;
  return { stream: w, out: () => Buffer.concat(parts).toString('utf8') };
}

const EVIL = 'Re: orders \u001b]0;pwned\u0007\u001b[2J\u009b31m\u2028x\tok\r\n';

describe("the CLI's output on a terminal", () => {
  it('a terminal gets no escape sequence, C1 control or line separator; tab, CR and LF stay', () => {
    const { stream, out } = fakeStream(true);
    guardTerminal(stream);
    guardTerminal(stream); // once per stream
    stream.write(EVIL);
    stream.write(Buffer.from('Ж \u001b[31mred\n'));
    expect(out()).toBe('Re: orders \uFFFD]0;pwned\uFFFD\uFFFD[2J\uFFFD31m\uFFFDx\tok\r\nЖ \uFFFD[31mred\n');
  });

  it('a pipe or a file gets the bytes as they are', () => {
    const { stream, out } = fakeStream(false);
    guardTerminal(stream);
    stream.write(EVIL);
    expect(out()).toBe(EVIL);
  });

  it('`judge inbound` in a pseudo-terminal shows a subject with escape sequences defused', async () => {
    const dir = tempDir();
    const j = testJudge(dir);
    tavern(j);
    await ingest(j, await mail('Alice <alice@example.org>', 'hello', 'orders \u001b[2J\u001b]0;pwned\u0007'), 'test');
    j.db.close();
    // util-linux `script` gives the command a terminal of its own.
    const r = spawnSync('script', ['-qec', `node bin/judge.js --data ${dir} inbound`, '/dev/null'], {
      encoding: 'utf8',
      env: { ...process.env, JUDGE_DATA: '' },
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('orders \uFFFD[2J\uFFFD]0;pwned\uFFFD');
    expect(r.stdout).not.toContain('\u001b]0;pwned');
  });
});
