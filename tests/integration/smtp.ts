// An in-process SMTP server on loopback that records what it receives, and
// can be told to misbehave: refuse with a 5xx or 4xx, or drop the connection
// after the message data (the ambiguous case); it can require a login (AUTH,
// 535 for a wrong one) and refuse some recipients at RCPT TO. startSmtpProcess
// runs one in a child process of its own (smtp-child.ts), for a test that
// kills it (SIGKILL): what it took is written to a directory before it answers.
// With senders it refuses any other envelope sender (553), as a submission
// server refuses a sender its user may not use.
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { join } from 'node:path';

export type SmtpMode = 'accept' | 'reject-550' | 'tempfail-451' | 'drop-after-data';

export interface Received {
  from: string;
  to: string[];
  raw: Buffer;
  parsed: ParsedMail;
  /** The session was encrypted (STARTTLS) when the message came. */
  secure: boolean;
}

export interface TestSmtp {
  host: string;
  port: number;
  received: Received[];
  /** Messages whose data arrived, whatever the answer (drop-after-data counts here too). */
  dataSeen: number;
  mode: SmtpMode;
  /** Recipients refused with 550 at RCPT TO (may be changed while it runs). */
  refuseRcpt: RegExp | null;
  /** Every envelope sender the server was given (MAIL FROM), taken or not. */
  mailFrom: string[];
  stop(): Promise<void>;
}

export interface SmtpOptions {
  /** Require a login (AUTH PLAIN or LOGIN, also without TLS); a wrong one is answered 535. */
  auth?: { user: string; pass: string };
  /** Recipients refused with 550 at RCPT TO. */
  refuseRcpt?: RegExp;
  /** Take only these envelope senders (MAIL FROM); others are answered 553. */
  senders?: string[];
  /** Wait this long before answering the message data (a kill can land between the data and the answer). */
  replyDelayMs?: number;
  /** Write each accepted message here (one .eml file) before answering it: a record that survives SIGKILL. */
  spool?: string;
}

let spoolSeq = 0;

/**
 * The sockets an SMTP server accepted, as its net server (SMTPServer.server,
 * public) hands them over, by the client's port: how a test drops a
 * connection without smtp-server's private fields. Call before listen.
 */
export function socketsOf(server: SMTPServer): {
  all(): Socket[];
  of(session: { remotePort: number }): Socket[];
} {
  const open = new Set<Socket>();
  server.server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  });
  return {
    all: () => [...open],
    of: (session) => [...open].filter((c) => c.remotePort === session.remotePort),
  };
}

/** With tls (a key and certificate in PEM files) the server offers STARTTLS, or with implicit: TLS from the first byte. */
export async function startSmtp(
  mode: SmtpMode = 'accept',
  port = 0,
  tls?: { key: string; cert: string; implicit?: boolean },
  o: SmtpOptions = {},
): Promise<TestSmtp> {
  const state: TestSmtp = {
    host: '127.0.0.1',
    port: 0,
    received: [],
    dataSeen: 0,
    mode,
    refuseRcpt: o.refuseRcpt ?? null,
    mailFrom: [],
    stop: async () => {},
  };
  if (o.spool) mkdirSync(o.spool, { recursive: true });
  const server: SMTPServer = new SMTPServer({
    authOptional: !o.auth,
    allowInsecureAuth: true,
    disabledCommands: [...(tls ? [] : ['STARTTLS']), ...(o.auth ? [] : ['AUTH'])],
    ...(tls ? { key: readFileSync(tls.key), cert: readFileSync(tls.cert), secure: !!tls.implicit } : {}),
    logger: false,
    onAuth(auth, _session, callback) {
      if (o.auth && auth.username === o.auth.user && auth.password === o.auth.pass)
        return callback(null, { user: auth.username });
      callback(new Error('5.7.8 Authentication credentials invalid'));
    },
    onMailFrom(address, _session, callback) {
      state.mailFrom.push(address.address);
      if (!o.senders || o.senders.includes(address.address)) return callback();
      const err = new Error(`5.7.1 <${address.address}>: Sender address rejected: not owned by user`) as Error & {
        responseCode: number;
      };
      err.responseCode = 553;
      callback(err);
    },
    onRcptTo(address, _session, callback) {
      if (!state.refuseRcpt?.test(address.address)) return callback();
      const err = new Error('5.1.1 No such user here') as Error & { responseCode: number };
      err.responseCode = 550;
      callback(err);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        state.dataSeen++;
        const raw = Buffer.concat(chunks);
        switch (state.mode) {
          case 'reject-550': {
            const err = new Error('5.7.1 Message rejected: no such user here') as Error & { responseCode: number };
            err.responseCode = 550;
            return callback(err);
          }
          case 'tempfail-451': {
            const err = new Error('4.3.0 Try again later') as Error & { responseCode: number };
            err.responseCode = 451;
            return callback(err);
          }
          case 'drop-after-data':
            // The message arrived, but the answer never does.
            for (const c of sockets.all()) c.destroy();
            return;
          default:
            if (o.spool) {
              // Whole or not at all (a kill may come at any moment): written aside, then renamed.
              const name = join(o.spool, `${process.pid}-${++spoolSeq}`);
              writeFileSync(`${name}.tmp`, raw);
              renameSync(`${name}.tmp`, `${name}.eml`);
            }
            void new Promise((r) => setTimeout(r, o.replyDelayMs ?? 0)).then(async () => {
              const parsed = await simpleParser(raw);
              state.received.push({
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                to: session.envelope.rcptTo.map((r) => r.address),
                raw,
                parsed,
                secure: session.secure,
              });
              callback();
            });
        }
      });
    },
  });
  const sockets = socketsOf(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  server.on('error', () => {});
  const addr = server.server.address();
  state.port = typeof addr === 'object' && addr ? addr.port : 0;
  state.stop = () => new Promise<void>((r) => server.close(() => r()));
  return state;
}

export interface SmtpProcess {
  port: number;
  /** The messages the server took (in every life of the process so far), from its spool directory. */
  spool: string;
  /** SIGKILL: the server dies at once, mid-message or not. */
  kill(): Promise<void>;
}

/**
 * The test SMTP server in a child process of its own (smtp-child.ts), on
 * `port` (0: a free one), accepting every message after writing it into
 * `spool`; the test may SIGKILL it at any moment.
 */
export function startSmtpProcess(spool: string, port = 0, replyDelayMs = 0): Promise<SmtpProcess> {
  const p = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'smtp-child.ts'), JSON.stringify({ spool, port, replyDelayMs })],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((r) => p.on('exit', () => r()));
  return new Promise((resolve, reject) => {
    let out = '';
    p.on('exit', (code) => reject(new Error(`the SMTP child exited (${code}) before listening: ${out}`)));
    p.stdout.on('data', (d) => {
      out += d;
      const m = /listening (\d+)/.exec(out);
      if (m)
        resolve({
          port: Number(m[1]),
          spool,
          kill: async () => {
            p.kill('SIGKILL');
            await exited;
          },
        });
    });
  });
}

/** The messages in a spool directory (one entry per message taken: twice when it came twice). */
export function spooled(spool: string): { messageId: string; subject: string }[] {
  let names: string[];
  try {
    names = readdirSync(spool);
  } catch {
    return [];
  }
  return names
    .filter((n) => n.endsWith('.eml'))
    .map((n) => {
      const head = readFileSync(join(spool, n), 'latin1').split(/\r?\n\r?\n/)[0]!;
      return {
        messageId: /^Message-ID:\s*(<[^>]+>)/im.exec(head)?.[1] ?? `(none: ${n})`,
        subject: /^Subject:\s*(.*)$/im.exec(head)?.[1] ?? '',
      };
    });
}
