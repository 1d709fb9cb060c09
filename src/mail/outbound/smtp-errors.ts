// What an SMTP error means for the mail, sorted by what nodemailer says
// (error.code, error.command, error.responseCode) and by how far the message
// got. Only an answer about the message itself fails it: a 5xx to RCPT TO or
// to its data (or a refused envelope the client itself found bad). What would
// fail every message alike — the login, TLS, the connection, the greeting, the
// judge's envelope sender — is the judge's setup: the mail stays pending with
// no attempt counted, the send stops, and the GM gets one line naming the
// setting to fix. A 4xx about a message is retried with backoff; a
// connection lost after the data went out is ambiguous.
import type { SmtpConfig } from './smtp-options.js';

/** What happened to one attempt. */
export type Outcome =
  | { kind: 'sent'; file?: string }
  | { kind: 'failed'; error: string }
  | { kind: 'retry'; error: string }
  | { kind: 'ambiguous'; error: string }
  /** The judge's setup (login, TLS, connection): every mail would fail alike; `fix` names the setting. */
  | { kind: 'blocked'; error: string; fix: string };

/** An error as nodemailer's SMTP client makes it (public fields of its errors). */
export interface SmtpError extends Error {
  code?: string;
  responseCode?: number;
  command?: string;
  response?: string;
  /** The system error's own code (ECONNREFUSED, ERR_SSL_WRONG_VERSION_NUMBER …) when code is nodemailer's. */
  originalCode?: string;
}

/** Where the mail goes, for the line that names what to fix. */
export interface SmtpSetup {
  host: string;
  port: number;
  secure: boolean;
  starttls: boolean;
  user?: string | undefined;
  passwordEnv: string;
  timeoutSeconds: number;
  /** The envelope sender (MAIL FROM): judge.bounceAddress, else judge.address. */
  sender: string;
}

export function smtpSetup(c: SmtpConfig, sender: string): SmtpSetup {
  return { ...c, sender };
}

const CERTIFICATE = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|HOSTNAME_MISMATCH|ALTNAME/;
const TLS_PROTOCOL =
  /wrong version number|packet length too long|unknown protocol|ssl3_get_record|tlsv1 alert|handshake/i;
const UNREACHABLE = /^(ECONNREFUSED|EHOSTUNREACH|ENETUNREACH|EHOSTDOWN|ETIMEDOUT|EADDRNOTAVAIL)$/;
const NO_NAME = /^(ENOTFOUND|EAI_AGAIN|EAI_NONAME|EAI_FAIL)$/;

/** The server's answer or the error's text, on one line. */
function said(e: SmtpError): string {
  return (e.response ?? e.message).replace(/\s+/g, ' ').trim();
}

/**
 * The line for an error of the judge's setup (the mail is not at fault), or
 * null when the error is about the message. Before the data was accepted only.
 */
export function setupProblem(e: SmtpError, s: SmtpSetup): string | null {
  const at = `${s.host}:${s.port}`;
  const cmd = (e.command ?? '').toUpperCase();
  const code = e.responseCode;
  const sys = e.originalCode ?? '';
  const text = said(e);
  const login = s.user ? `the login of ${s.user}` : 'a login';
  const useTls = `use TLS: transport.secure: true (port 465) or transport.starttls: true (port 587)`;
  // The login.
  if (e.code === 'EAUTH' || cmd.startsWith('AUTH') || code === 535) {
    if (code === 534 || code === 538)
      return `the SMTP server ${at} refuses ${login} on this connection (${text}): ${useTls}`;
    return `the SMTP server ${at} refused ${login} (${text}): check transport.user and the password in $${s.passwordEnv}`;
  }
  if (e.code === 'ENOAUTH' || code === 530)
    return s.user
      ? `the SMTP server ${at} wants a login and did not take ${login} (${text}): check transport.user, the password in $${s.passwordEnv}, and TLS (transport.secure / transport.starttls)`
      : `the SMTP server ${at} wants a login (${text}): set transport.user and the password in $${s.passwordEnv}`;
  // TLS: not offered, the wrong kind on this port, a certificate not trusted (found by the client: no reply).
  if (cmd === 'STARTTLS')
    return `the SMTP server ${at} does not offer STARTTLS (${text}): if the port speaks TLS from the first byte set transport.secure: true (port 465); for a trusted relay without TLS set transport.starttls: false`;
  const local = !code || e.code === 'ETLS';
  if (local && (CERTIFICATE.test(sys) || /certificate/i.test(e.message)))
    return `the certificate of the SMTP server ${at} was not accepted (${text}): set transport.host to the name in its certificate, or transport.rejectUnauthorized: false for a server you trust`;
  if (local && (TLS_PROTOCOL.test(e.message) || /^ERR_(SSL|TLS)_/.test(sys) || e.code === 'ETLS'))
    return s.secure
      ? `TLS with the SMTP server ${at} failed (${text}): the port speaks plain SMTP; set transport.secure: false (with transport.starttls: true, port 587), or transport.port to its TLS port (465)`
      : `TLS with the SMTP server ${at} failed (${text}): check transport.secure, transport.starttls and transport.port`;
  if (cmd === 'EHLO' || cmd === 'HELO' || cmd === 'LHLO')
    return `the SMTP server ${at} refused the judge's EHLO (${text}): the name it gives is the domain of judge.address (or judge.messageIdDomain)`;
  // The connection and the greeting.
  if (e.code === 'ETIMEDOUT' && /greeting/i.test(e.message))
    return `the SMTP server ${at} sent no greeting in ${s.timeoutSeconds}s: if the port speaks TLS from the first byte (465) set transport.secure: true; else check transport.host and transport.port`;
  if (e.code === 'EDNS' || NO_NAME.test(sys))
    return `the name of the SMTP server ${s.host} does not resolve (${sys || text}): check transport.host`;
  if (UNREACHABLE.test(sys) || e.code === 'ETIMEDOUT')
    return `cannot reach the SMTP server ${at} (${sys || text}): is it running? check transport.host and transport.port`;
  if (e.code === 'EPROTOCOL')
    return `${at} did not answer as an SMTP server should (${text}): check transport.host and transport.port`;
  if (e.code === 'ECONNECTION' || e.code === 'ESOCKET' || cmd === 'CONN')
    return `the SMTP server ${at} closed the connection (${sys || text}): is it running? check transport.host and transport.port`;
  // The envelope sender is the same for every mail; only a size refused there is the message's.
  if (cmd === 'MAIL FROM' && code && code >= 500 && code !== 552 && e.code !== 'EMESSAGE')
    return `the SMTP server ${at} refused the judge's envelope sender ${s.sender} (${text}): check judge.bounceAddress (or judge.address), and that transport.user may send as it`;
  // No relaying for the judge: not logged in, or the wrong server, whatever the recipient.
  if (cmd === 'RCPT TO' && code && code >= 500 && /relay/i.test(text))
    return `the SMTP server ${at} will not relay the judge's mail (${text}): set transport.user and the password in $${s.passwordEnv}, or transport.host to the server for judge.address`;
  return null;
}

/**
 * Sort an SMTP error. dataAccepted: the server answered DATA with 354, so the
 * message data went out; from there a reply sorts it (5xx failed, 4xx retry)
 * and no reply leaves it ambiguous.
 */
export function classifySmtpError(e: SmtpError, dataAccepted: boolean, s?: SmtpSetup): Outcome {
  const code = e.responseCode;
  const text = `${e.code ? `${e.code}: ` : ''}${e.message}`;
  if (dataAccepted) {
    if (code && code >= 500) return { kind: 'failed', error: text };
    if (code && code >= 400) return { kind: 'retry', error: text };
    return {
      kind: 'ambiguous',
      error: `${text} (the connection broke after the message was sent; it may or may not have been delivered)`,
    };
  }
  const fix = setupProblem(e, s ?? UNKNOWN_SETUP);
  if (fix) return { kind: 'blocked', error: text, fix };
  if (code && code >= 500) return { kind: 'failed', error: text };
  if (code && code >= 400) return { kind: 'retry', error: text };
  // An envelope or message the client itself refused (no recipient, a bad address, too big).
  if (e.code === 'EENVELOPE' || e.code === 'EMESSAGE') return { kind: 'failed', error: text };
  return { kind: 'retry', error: text };
}

const UNKNOWN_SETUP: SmtpSetup = {
  host: 'the server',
  port: 0,
  secure: false,
  starttls: true,
  passwordEnv: 'JUDGE_SMTP_PASSWORD',
  timeoutSeconds: 60,
  sender: 'the judge',
};
