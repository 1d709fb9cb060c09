// The contract of the one reach into nodemailer's internals
// (src/mail/outbound/nodemailer-pool.ts): during a real send through a pooled
// transport, at the server's 354 answer, the sending connection's socket is
// found and can be corked. Fails loudly when a nodemailer upgrade moves the
// pool's private fields (the send loop would then write the data-sent stage
// without holding the data back).
import nodemailer, { type Transporter } from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { sendingSocket } from '../../src/mail/outbound/nodemailer-pool.js';
import { startSmtp } from '../integration/smtp.js';

describe("nodemailer's pool, as the send loop reaches into it", () => {
  it('finds the socket of the connection that is sending, at the 354 answer, and corking it holds the data back', async () => {
    const server = await startSmtp('accept');
    let found: ReturnType<typeof sendingSocket> | 'not-asked' = 'not-asked';
    let t: Transporter | undefined;
    const seen = (entry: unknown, ...msg: unknown[]) => {
      const e = entry as { tnx?: string } | null;
      if (e?.tnx !== 'server' || found !== 'not-asked') return;
      if (msg.some((m) => typeof m === 'string' && m.startsWith('354'))) {
        found = sendingSocket(t!);
        if (found) {
          const s = found;
          s.cork();
          setTimeout(() => s.uncork(), 50);
        }
      }
    };
    const noop = () => {};
    try {
      t = nodemailer.createTransport({
        pool: true,
        maxConnections: 1,
        host: server.host,
        port: server.port,
        secure: false,
        ignoreTLS: true,
        transactionLog: true,
        logger: { trace: noop, debug: seen, info: seen, warn: noop, error: noop, fatal: noop },
      });
      const r = await t.sendMail({ from: 'judge@localhost', to: 'alice@example.org', subject: 'x', text: 'y' });
      expect(r.accepted).toEqual(['alice@example.org']);
      expect(found, 'the sending socket was not found: nodemailer changed its pool internals').not.toBe('not-asked');
      expect(found).toBeDefined();
      expect(server.received).toHaveLength(1);
    } finally {
      t?.close();
      await server.stop();
    }
  });
});
