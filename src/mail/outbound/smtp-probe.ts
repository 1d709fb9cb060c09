// `judge check`'s look at the SMTP server: connect with the configured TLS,
// log in with the configured credentials, and see that the server takes the
// judge's envelope sender (MAIL FROM, then RSET: no recipient, no message).
// Every step is bounded in time.
//
// nodemailer's SMTPConnection (its documented low-level client) connects and
// logs in; it has no call for MAIL FROM alone (send() goes on to RCPT and
// DATA), but its documented custom-authentication hook can send commands of
// its own (sendCommand): a second login() with a method of the judge's, after
// the real login, sends MAIL FROM and RSET through it.
import { secretFromEnv } from '../../config.js';
import { connectionHints, plainError, tlsMode, within, type Probe } from '../probe.js';
import { setupProblem, smtpSetup, type SmtpError } from './smtp-errors.js';
import { smtpConnection, type SmtpConfig } from './smtp-options.js';

/** The judge's own "authentication" method: MAIL FROM and RSET (never advertised by a server, never used to log in). */
const SENDER_CHECK = 'X-PBEM-JUDGE-SENDER-CHECK';

/**
 * One line for a failed step and the setting to fix: the same line the send
 * gives for it (smtp-errors.ts setupProblem), else what a connection failure
 * means for the TLS settings or the address.
 */
function failure(c: SmtpConfig, sender: string, where: string, e: SmtpError): Probe {
  const fix = setupProblem(e, smtpSetup(c, sender));
  const tls = connectionHints('transport', c, e);
  return {
    ok: false,
    text: `SMTP ${where}: ${e.code ? `${e.code}: ` : ''}${e.message}`,
    // The TLS settings named in full when a TLS failure or a silence is not already put that way.
    hints: fix ? [fix, ...tls.filter((h) => h.includes('.starttls') && !fix.includes('transport.starttls'))] : tls,
  };
}

export async function probeSmtp(c: SmtpConfig, sender: string, name: string, limitMs: number): Promise<Probe> {
  const where = `${c.user ? `${c.user}@` : ''}${c.host}:${c.port} (${tlsMode(c)})`;
  let pass: string | undefined;
  try {
    pass = c.user ? secretFromEnv(c.passwordEnv, 'transport (smtp)') : undefined;
  } catch (e) {
    return { ok: false, text: `SMTP ${where}: ${(e as Error).message}`, hints: [] };
  }
  const { default: SMTPConnection } = await import('nodemailer/lib/smtp-connection');
  let senderReply: { status: number; response: string } | null = null;
  const conn = new SMTPConnection({
    ...smtpConnection(c, name, Math.min(c.timeoutSeconds * 1000, limitMs)),
    logger: false,
    customAuth: {
      [SENDER_CHECK]: async (ctx) => {
        const r = await ctx.sendCommand(`MAIL FROM:<${sender}>`);
        senderReply = { status: r.status, response: r.response };
        await ctx.sendCommand('RSET');
      },
    },
  });
  // An error or a close ends every step at once (the connection closes itself after an error).
  let ended: (e: unknown) => void = () => {};
  const broken = new Promise<never>((_, reject) => {
    ended = reject;
  });
  broken.catch(() => {});
  conn.on('error', (e) => ended(e));
  conn.on('end', () => ended(Object.assign(new Error('the server closed the connection'), { code: 'ECONNECTION' })));
  const step = (what: string, run: (done: (e?: Error | null) => void) => void) =>
    within(
      Promise.race([new Promise<void>((resolve, reject) => run((e) => (e ? reject(e) : resolve()))), broken]),
      limitMs,
      what,
    );
  try {
    await step('to the greeting', (done) => conn.connect(done));
    const found = [`SMTP ${where}: connected${conn.secure ? ' over TLS' : ''}`];
    if (c.user) {
      await step('to the login', (done) => conn.login({ user: c.user, pass }, done));
      found.push(`logged in as ${c.user}`);
    }
    await step('to MAIL FROM', (done) => conn.login({ method: SENDER_CHECK }, done));
    const reply = senderReply as { status: number; response: string } | null;
    conn.quit();
    if (!reply || reply.status < 200 || reply.status >= 300) {
      const refused = {
        name: 'Error',
        message: reply?.response ?? 'no answer',
        command: 'MAIL FROM',
        responseCode: reply?.status ?? 0,
        response: reply?.response,
      };
      return {
        ok: false,
        text: `${found.join('; ')}; the server refuses the envelope sender ${sender}: ${reply?.response ?? 'no answer'}`,
        hints: [setupProblem(refused, smtpSetup(c, sender)) ?? `check judge.bounceAddress (or judge.address)`],
      };
    }
    found.push(`the envelope sender ${sender} is taken (MAIL FROM, then RSET: nothing sent)`);
    return { ok: true, text: found.join('; '), hints: [] };
  } catch (e) {
    conn.close();
    return failure(c, sender, where, plainError(e as SmtpError));
  }
}
