// An in-process SMTP server on loopback that records what it receives, and
// can be told to misbehave: refuse with a 5xx or 4xx, or drop the connection
// after the message data (the ambiguous case). With auth it requires a login
// (AUTH PLAIN/LOGIN, also without TLS); with senders it refuses any other
// envelope sender (553), as a submission server refuses a sender its user
// may not use.
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { readFileSync } from 'node:fs';

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
  /** Every envelope sender the server was given (MAIL FROM), taken or not. */
  mailFrom: string[];
  stop(): Promise<void>;
}

export interface SmtpOptions {
  /** Require this login. */
  auth?: { user: string; pass: string };
  /** Take only these envelope senders. */
  senders?: string[];
}

function smtpError(code: number, text: string): Error {
  return Object.assign(new Error(text), { responseCode: code });
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
    mailFrom: [],
    stop: async () => {},
  };
  const server: SMTPServer = new SMTPServer({
    authOptional: !o.auth,
    allowInsecureAuth: true,
    disabledCommands: [...(tls ? [] : ['STARTTLS']), ...(o.auth ? [] : ['AUTH'])],
    ...(tls ? { key: readFileSync(tls.key), cert: readFileSync(tls.cert), secure: !!tls.implicit } : {}),
    logger: false,
    onAuth(auth, _session, callback) {
      if (o.auth && auth.username === o.auth.user && auth.password === o.auth.pass)
        return callback(null, { user: auth.username });
      callback(smtpError(535, '5.7.8 Authentication failed'));
    },
    onMailFrom(address, _session, callback) {
      state.mailFrom.push(address.address);
      if (o.senders && !o.senders.includes(address.address))
        return callback(smtpError(553, `5.7.1 <${address.address}>: Sender address rejected: not owned by user`));
      callback();
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
            for (const c of (server as unknown as { connections: Set<{ _socket: { destroy(): void } }> }).connections)
              c._socket.destroy();
            return;
          default:
            void simpleParser(raw).then((parsed) => {
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
