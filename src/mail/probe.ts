// What `judge check` (cli/check.ts) shares in its looks at the mail servers
// (inbound/imap-probe.ts, outbound/smtp-probe.ts): what a look found, a bound
// on every step, and what a failed connection means for the GM: which settings
// of judge.yaml to look at, for IMAP (imap.*) and SMTP (transport.*) alike.

/** What a look at a server found: ok or not, one line, and hints (each a line of its own). */
export interface Probe {
  ok: boolean;
  text: string;
  hints: string[];
}

/** How a connection is made, in words: "TLS", "STARTTLS", "plain". */
export function tlsMode(c: { secure: boolean; starttls: boolean }): string {
  return c.secure ? 'TLS' : c.starttls ? 'STARTTLS' : 'plain';
}

/** A promise, or a timeout error after ms (the timer does not keep the process alive). */
export function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error(`no answer ${what} within ${ms / 1000} s`), { code: 'ETIMEDOUT' })),
      ms,
    );
    timer.unref();
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/** The parts of an error (Node's, imapflow's, nodemailer's) that tell what failed. */
interface NetError {
  code?: string;
  message?: string;
  library?: string;
  reason?: string;
}

/**
 * An error as a GM reads it: OpenSSL's "802C…:error:0A00010B:SSL routines:
 * ssl3_get_record:wrong version number:…/ssl3_record.c:350:" is "TLS failed:
 * wrong version number". Other errors stay as they are.
 */
export function plainError<T>(e: T): T {
  const x = e as NetError | null;
  if (!x || typeof x !== 'object' || !x.reason || !/SSL routines/.test(x.message ?? '')) return e;
  return Object.assign(Object.create(Object.getPrototypeOf(x)), x, { message: `TLS failed: ${x.reason}` }) as T;
}

/** A TLS handshake or certificate failure (not a refused login, not a closed port). */
function isTlsError(e: unknown): boolean {
  const x = (e ?? {}) as NetError;
  const text = `${x.code ?? ''} ${x.message ?? ''} ${x.library ?? ''} ${x.reason ?? ''}`;
  return /ERR_SSL|EPROTO|ETLS|wrong version number|packet length too long|unknown protocol|SSL routines|TLS|STARTTLS|certificate|self[- ]signed|UNABLE_TO_VERIFY|DEPTH_ZERO|ERR_TLS/i.test(
    text,
  );
}

/** No answer at all (a timeout): often a TLS port spoken to in plain text, which waits for a TLS hello forever. */
function isTimeout(e: unknown): boolean {
  const x = (e ?? {}) as NetError;
  return /ETIMEDOUT|timeout|timed out/i.test(`${x.code ?? ''} ${x.message ?? ''}`);
}

/**
 * The settings to look at for a connection that failed at TLS or gave no answer:
 * `secure` (TLS from the first byte), `starttls` and `port`, as they are now.
 */
function tlsHint(
  section: 'imap' | 'transport',
  c: { port: number; secure: boolean; starttls: boolean; rejectUnauthorized: boolean },
  e: unknown,
): string {
  const [implicit, plain] = section === 'imap' ? [993, 143] : [465, 587];
  const now = `${section}.secure is ${c.secure}, ${section}.starttls is ${c.starttls}, ${section}.port is ${c.port}`;
  const cert =
    /certificate|self[- ]signed|UNABLE_TO_VERIFY|DEPTH_ZERO|ERR_TLS_CERT/i.test(
      `${(e as NetError)?.code ?? ''} ${(e as NetError)?.message ?? ''}`,
    ) && c.rejectUnauthorized
      ? `; the server's certificate cannot be verified: fix it, or set ${section}.rejectUnauthorized: false to take it anyway`
      : '';
  return (
    `check ${section}.secure, ${section}.starttls and ${section}.port (${now}): ` +
    `secure: true speaks TLS from the first byte (port ${implicit}); ` +
    `secure: false with starttls: true upgrades a plain connection (port ${plain}); ` +
    `starttls: false stays plain (a server on loopback)${cert}`
  );
}

/** What to look at after a failed connection: the TLS settings (a handshake failed, or no answer), or the address. */
export function connectionHints(
  section: 'imap' | 'transport',
  c: { host: string; port: number; secure: boolean; starttls: boolean; rejectUnauthorized: boolean },
  e: unknown,
): string[] {
  if (isTlsError(e) || isTimeout(e)) return [tlsHint(section, c, e)];
  const x = (e ?? {}) as NetError;
  if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH/.test(`${x.code ?? ''} ${x.message ?? ''}`))
    return [`check ${section}.host and ${section}.port (${c.host}:${c.port}): no server answers there`];
  return [];
}
