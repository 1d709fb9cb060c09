// How the judge connects to its SMTP server (transport: in judge.yaml): one
// place for the sending pool (transport.ts) and `judge check`'s look at the
// server (smtp-probe.ts), so that the check tries exactly what sending does.
import type { JudgeConfig } from '../../config.js';

export type SmtpConfig = Extract<JudgeConfig['transport'], { type: 'smtp' }>;

/** Host, port, TLS as configured (secure, or STARTTLS required unless starttls: false), the client's name, timeouts. */
export function smtpConnection(c: SmtpConfig, name: string, timeoutMs = c.timeoutSeconds * 1000) {
  return {
    host: c.host,
    port: c.port,
    secure: c.secure,
    requireTLS: !c.secure && c.starttls,
    ignoreTLS: !c.secure && !c.starttls,
    tls: { rejectUnauthorized: c.rejectUnauthorized },
    name,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    // Idle time on an open socket: longer than the setup's own bound, so that a
    // server that never greets is named by the greeting's timer, not this one.
    socketTimeout: timeoutMs * 2,
  };
}
