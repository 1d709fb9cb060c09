// The test SMTP server as a process of its own (startSmtpProcess in smtp.ts),
// so that a test can SIGKILL it in the middle of a batch. Argument: JSON
// { spool, port, replyDelayMs }. Prints "listening <port>" once it listens.
import { startSmtp } from './smtp.js';

const o = JSON.parse(process.argv[2] ?? '{}') as { spool: string; port?: number; replyDelayMs?: number };
const s = await startSmtp('accept', o.port ?? 0, undefined, { spool: o.spool, replyDelayMs: o.replyDelayMs ?? 0 });
process.stdout.write(`listening ${s.port}\n`);
