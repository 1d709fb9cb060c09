// The one reach into nodemailer's internals (issue #34): the socket of a pooled
// connection that is sending now. The send loop corks it at the server's 354
// answer, so the message data waits in the socket until the 'data-sent' stage
// is on disk (transport.ts laneLogger): a run killed in between leaves a mail
// that is sent again, never one sent without its record. nodemailer has no
// public way to reach the socket, so this reads its pool's private fields
// (`transporter._connections[i]._sending`, `.connection._socket`).
//
// nodemailer is pinned to an exact version in package.json for it, and
// tests/mail/nodemailer-pool.test.ts sends through a real pool and fails when
// the socket can no longer be found. If a later nodemailer changes these
// fields, sendingSocket answers undefined and the stage is written at once,
// without the cork: still correct, with a window of a few milliseconds in
// which a killed run may leave a mail sent twice (with one Message-ID).
import type { Transporter } from 'nodemailer';

export interface CorkableSocket {
  cork(): void;
  uncork(): void;
  destroy(): void;
}

interface Pool {
  _connections?: {
    _sending?: boolean;
    connection?: { _socket?: { cork?: unknown; uncork(): void; destroy(): void } };
  }[];
}

/** The socket of the pooled transport's connection that is sending now; undefined if nodemailer's internals changed. */
export function sendingSocket(t: Transporter): CorkableSocket | undefined {
  const pool = (t as unknown as { transporter?: Pool }).transporter;
  const s = pool?._connections?.find((c) => c._sending)?.connection?._socket;
  return s && typeof s.cork === 'function' ? (s as CorkableSocket) : undefined;
}
