// Sending over a pool of reused SMTP connections keeps the per-message truth:
// a connection the server drops mid-batch costs only the message whose data
// it took unanswered (ambiguous), the batch goes on over new connections, and
// a run killed mid-batch leaves every row telling "never sent" (sent again by
// the next run) from "data sent, no answer" (ambiguous) — nothing twice.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { sendPending } from '../../src/mail/outbound/transport.js';
import { enqueue, listOutbox } from '../../src/store/outbox.js';
import { tempDir, testJudge, type TestJudge } from '../helpers.js';
import { socketsOf } from './smtp.js';

/** What the sink does with the n-th message (1-based, in order of arrival) or the n-th connection. */
interface Script {
  /** 'accept' (250), 'accept-then-drop' (250, then the connection is cut), 'drop' (cut, never answered), 'stall' (never answered). */
  message?(n: number): 'accept' | 'accept-then-drop' | 'drop' | 'stall';
  /** Called when a message's data has arrived, before it is answered. */
  arrived?(messageId: string): void;
  /** false: the n-th MAIL FROM is never answered (the message stops before its data). */
  mailFrom?(n: number): boolean;
}

interface Sink {
  port: number;
  /** Message-IDs answered 250, in order. */
  accepted: string[];
  /** Message-IDs whose data arrived and was never answered. */
  unanswered: string[];
  connections: number;
  stop(): void;
}

function messageId(raw: Buffer): string {
  return /^Message-ID:\s*(<[^>]+>)/im.exec(raw.toString('latin1'))?.[1] ?? '?';
}

async function sink(script: Script = {}): Promise<Sink> {
  const s: Sink = { port: 0, accepted: [], unanswered: [], connections: 0, stop: () => {} };
  let messages = 0;
  let senders = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      s.connections++;
      callback();
    },
    onMailFrom(_address, _session, callback) {
      if (script.mailFrom?.(++senders) === false) return;
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const id = messageId(Buffer.concat(chunks));
        script.arrived?.(id);
        const what = script.message?.(++messages) ?? 'accept';
        if (what === 'stall' || what === 'drop') {
          s.unanswered.push(id);
          if (what === 'drop') for (const c of sockets.of(session)) c.destroy();
          return;
        }
        s.accepted.push(id);
        callback();
        if (what === 'accept-then-drop') setImmediate(() => sockets.of(session).forEach((c) => c.destroy()));
      });
    },
  });
  const sockets = socketsOf(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  s.port = (server.server.address() as { port: number }).port;
  s.stop = () => {
    for (const c of sockets.all()) c.destroy();
    server.close();
  };
  return s;
}

function config(dir: string, port: number, connections: number, perConnection: number) {
  writeFileSync(
    join(dir, 'judge.yaml'),
    stringify({
      judge: { address: 'judge@localhost' },
      transport: {
        type: 'smtp',
        host: '127.0.0.1',
        port,
        secure: false,
        starttls: false,
        timeoutSeconds: 30,
        connections,
        messagesPerConnection: perConnection,
      },
    }),
  );
}

function queue(j: TestJudge, n: number): void {
  for (let i = 0; i < n; i++)
    enqueue(
      j.db,
      {
        dedupeKey: `pool-${i}`,
        kind: 'report',
        to: [`p${i}@example.org`],
        subject: `report ${i}`,
        body: `Report number ${i}.\n`,
      },
      j.domain,
      j.clock().toISOString(),
    );
}

/** A judge whose outbox holds n reports, configured for the sink: 3 connections, 10 messages each. */
async function pooled(n: number, script?: Script): Promise<{ s: Sink; j: TestJudge }> {
  const s = await sink(script);
  cleanup.push(s.stop);
  const dir = tempDir();
  config(dir, s.port, 3, 10);
  const j = testJudge(dir);
  queue(j, n);
  return { s, j };
}

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanup.splice(0)) c();
});

describe('SMTP connection pool', { timeout: 60_000 }, () => {
  it('reuses connections: every message once, each row at reply-read:250, far fewer connections than messages', async () => {
    const { s, j } = await pooled(45);
    const r = await sendPending(j);
    expect(r).toMatchObject({ sent: 45, failed: 0, retry: 0, ambiguous: 0 });
    const rows = listOutbox(j.db);
    expect(new Set(s.accepted)).toEqual(new Set(rows.map((x) => x.message_id)));
    expect(s.accepted).toHaveLength(45);
    expect(rows.every((x) => x.status === 'sent' && x.smtp_stage === 'reply-read:250')).toBe(true);
    // 10 messages a connection over 3 lanes: at most 45/10 rounded up, plus one part-used connection per lane.
    expect(s.connections).toBeGreaterThanOrEqual(5);
    expect(s.connections).toBeLessThanOrEqual(7);
  });

  it('a connection dropped mid-batch: only the message whose data went unanswered is ambiguous; the batch goes on over new connections', async () => {
    // The 20th message is cut off after its data; after every 9th the server hangs up an idle connection.
    const { s, j } = await pooled(60, {
      message: (n) => (n === 20 ? 'drop' : n % 9 === 0 ? 'accept-then-drop' : 'accept'),
    });
    const r = await sendPending(j);
    expect(r).toMatchObject({ sent: 59, failed: 0, retry: 0, ambiguous: 1 });
    const rows = listOutbox(j.db);
    const ambiguous = rows.filter((x) => x.status === 'ambiguous');
    expect(ambiguous.map((x) => x.message_id)).toEqual(s.unanswered);
    expect(ambiguous[0]!.smtp_stage).toBe('data-sent');
    expect(ambiguous[0]!.last_error).toMatch(/may or may not have been delivered/);
    const sent = rows.filter((x) => x.status === 'sent').map((x) => x.message_id);
    expect(s.accepted.slice().sort()).toEqual(sent.sort());
  });

  it('a `judge send` killed mid-batch: rows before their data went out are sent again by the next run, rows whose data went out unanswered are ambiguous, nothing twice', async () => {
    const dir = tempDir();
    const j = testJudge(dir);
    queue(j, 80);
    j.db.close();
    const k = testJudge(dir);
    // What the store said of each message when its data reached the server (the sender is another process).
    const stageOnArrival: string[] = [];
    const arrived = (id: string) =>
      stageOnArrival.push(String(listOutbox(k.db).find((x) => x.message_id === id)?.smtp_stage));
    // 15 messages go through; the 16th's data is never answered; every later MAIL FROM is never answered.
    const first = await sink({ message: (n) => (n <= 15 ? 'accept' : 'stall'), mailFrom: (n) => n <= 16, arrived });
    cleanup.push(first.stop);
    config(dir, first.port, 3, 4);
    const p = spawn(process.execPath, ['bin/judge.js', '--data', dir, 'send'], { stdio: 'ignore' });
    const exited = new Promise((resolve) => p.on('close', resolve));
    const sending = () => listOutbox(k.db).filter((x) => x.status === 'sending');
    // Until every lane is stuck: one after its data, two before.
    for (
      let i = 0;
      i < 400 &&
      !(
        first.unanswered.length === 1 &&
        sending().length === 3 &&
        sending().filter((x) => x.smtp_stage === 'connected').length === 2
      );
      i++
    )
      await new Promise((r) => setTimeout(r, 25));
    const atKill = sending();
    p.kill('SIGKILL');
    await exited;
    expect(first.accepted).toHaveLength(15);
    // Every message's data-sent was committed before its data went out.
    expect(stageOnArrival).toEqual(Array(16).fill('data-sent'));
    expect(atKill.map((x) => x.smtp_stage).sort()).toEqual(['connected', 'connected', 'data-sent']);
    const dataSent = atKill.filter((x) => x.smtp_stage === 'data-sent').map((x) => x.message_id);
    // The message whose data arrived unanswered was recorded as data-sent before its data went out.
    expect(dataSent).toEqual(first.unanswered);
    expect(listOutbox(k.db).filter((x) => x.status === 'sent')).toHaveLength(15);
    first.stop();
    const second = await sink();
    cleanup.push(second.stop);
    config(dir, second.port, 3, 4);
    const out = await new Promise<string>((resolve) => {
      const q = spawn(process.execPath, ['bin/judge.js', '--data', dir, 'send'], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let text = '';
      q.stdout.on('data', (d) => (text += d));
      q.on('close', () => resolve(text));
    });
    expect(out).toMatch(
      /send: 64 sent, 0 failed, 2 left 'sending' by a stopped run before their data went out, sent again, 1 left 'sending' by a stopped run after their data went out, now ambiguous/,
    );
    const rows = listOutbox(k.db);
    expect(rows.filter((x) => x.status === 'ambiguous').map((x) => x.message_id)).toEqual(dataSent);
    expect(rows.filter((x) => x.status === 'sent')).toHaveLength(79);
    // Nothing twice: the two sinks together got each sent message exactly once, and the ambiguous one only as unanswered data.
    const got = [...first.accepted, ...second.accepted];
    expect(got.slice().sort()).toEqual(
      rows
        .filter((x) => x.status === 'sent')
        .map((x) => x.message_id)
        .sort(),
    );
    expect(second.accepted).not.toContain(dataSent[0]);
    k.db.close();
  });
});
