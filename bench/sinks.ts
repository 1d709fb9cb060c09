// The SMTP sinks the send pieces deliver to: smtp-server on 127.0.0.1 in the
// harness process, counting every Message-ID that arrives. "slow" waits
// 100 ms before its greeting, as many real servers do (greet-pause).
import { SMTPServer } from 'smtp-server';

export interface Sink {
  port: number;
  /** Message-ID (without <>) → how many times it arrived. */
  seen: Map<string, number>;
  stop(): Promise<void>;
}

const MESSAGE_ID = /^message-id:[ \t]*<([^>\r\n]+)>/im;

export async function startSink(greetPauseMs: number): Promise<Sink> {
  const seen = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    size: 50 * 1024 * 1024,
    onConnect(_session, callback) {
      if (greetPauseMs > 0) setTimeout(() => callback(), greetPauseMs);
      else callback();
    },
    onData(stream, _session, callback) {
      // Only the header block is needed: keep the first chunk(s) up to the blank line.
      let head = '';
      let done = false;
      stream.on('data', (c: Buffer) => {
        if (done) return;
        head += c.toString('latin1');
        if (/\r?\n\r?\n/.test(head)) done = true;
      });
      stream.on('end', () => {
        const m = MESSAGE_ID.exec(head.split(/\r?\n\r?\n/)[0] ?? '');
        if (m) seen.set(m[1]!, (seen.get(m[1]!) ?? 0) + 1);
        callback();
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const addr = server.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return { port, seen, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
