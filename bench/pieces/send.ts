// "send" / "send-slow-greeting": reports to a loopback SMTP sink (the fast
// one, and the one that pauses 100 ms before its greeting, as smtp-server does
// by default). The outbox is what the judge queues after FanDi turns
// (bench/scale/send-prepare.ts: text, HTML and the pictures' SVG per report);
// every reader has asked for text-only mail (FORMAT TEXT), so these pieces
// measure the sending. "send-html" sends the same reports as HTML mail with
// their pictures: the CSS inlined and each SVG drawn as a PNG at send time.
// bare  = the libraries alone on the same rows: nodemailer's pooled transport
//         (its defaults: 5 connections, 100 messages each) sends every message
//         at once; for HTML, juice inlines the CSS and resvg draws each picture;
// judge = what `judge send` runs (sendAndLog under the run lock): claim, SMTP
//         stage tracking and the outcome of every row, over the judge's pool.
// Both build the same bytes (checked on the first row before timing).
import { spawnSync } from 'node:child_process';
import { copyFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import juice from 'juice';
import { unpackPage } from '../../src/render/page-css.js';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { stringify } from 'yaml';
import type { Piece, RunArgs } from '../piece.js';
import { openJudge, type Judge } from '../../src/context.js';
import { sendAndLog } from '../../src/cli/mail.js';
import { mailOptions, standardHeaders } from '../../src/mail/outbound/transport.js';
import { acquireLock } from '../../src/store/lock.js';
import { listOutbox, pendingMail, type OutboxRow } from '../../src/store/outbox.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const JUDGE = { name: 'pbem-judge bench', address: 'judge@bench.example' };

/** The prepared store for this many reports (made by a separate process when missing). */
function prepared(reports: number): string {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'bench/scale/send-prepare.ts'), String(reports)],
    { cwd: root, encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`send-prepare failed: ${r.stderr}`);
  return r.stdout.trim().split('\n').at(-1)!;
}

/** A data directory with the prepared outbox, Message-IDs unique to this run, judge.yaml pointing at the sink. */
function setup(a: RunArgs, port: number, html: boolean): Judge {
  copyFileSync(join(prepared(a.size), 'judge.sqlite'), join(a.dir, 'judge.sqlite'));
  writeFileSync(
    join(a.dir, 'judge.yaml'),
    stringify({
      judge: JUDGE,
      transport: { type: 'smtp', host: '127.0.0.1', port, secure: false, starttls: false, timeoutSeconds: 30 },
    }),
  );
  const j = openJudge({ data: a.dir, create: true });
  j.db.prepare("UPDATE outbox SET message_id = '<' || ? || '.' || id || '@bench.example>'").run(a.tag);
  if (!html) j.db.prepare("UPDATE players SET mail_format = 'text'").run();
  return j;
}

const ids = (rows: OutboxRow[]) => rows.map((r) => r.message_id.slice(1, -1));

/** One row as a message, from the libraries alone (the same options html-parts.ts gives them). */
function bareMessage(row: OutboxRow, html: boolean): SendMailOptions {
  const to = JSON.parse(row.to_addrs) as string[];
  const cc = JSON.parse(row.cc_addrs) as string[];
  const pictures = row.pictures_json
    ? (JSON.parse(row.pictures_json) as { name: string; svg: string; cid: string }[])
    : [];
  return {
    from: JUDGE,
    replyTo: JUDGE.address,
    sender: JUDGE.address,
    to,
    cc,
    subject: row.subject,
    text: row.body,
    messageId: row.message_id,
    date: new Date(row.created_at),
    headers: standardHeaders(row),
    envelope: { from: JUDGE.address, to: [...to, ...cc] },
    textEncoding: 'quoted-printable',
    ...(html && row.html
      ? {
          // The page as stored gets the shared stylesheet back (render/page-css.ts), as the judge's send does.
          html: juice(unpackPage(row.html, row), {
            preserveMediaQueries: true,
            removeStyleTags: true,
            applyWidthAttributes: false,
            applyHeightAttributes: false,
          }),
          attachments: pictures.flatMap((p) => {
            const png = new Resvg(p.svg, {
              font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
              background: '#ffffff',
            })
              .render()
              .asPng();
            const filename = `${p.name}.png`;
            return [
              { filename, content: png, contentType: 'image/png', cid: p.cid, contentDisposition: 'inline' as const },
              { filename, content: png, contentType: 'image/png', contentDisposition: 'attachment' as const },
            ];
          }),
        }
      : {}),
  };
}

/** The MIME bytes of a message without its random boundaries: what both sides must agree on. */
async function bytes(o: SendMailOptions): Promise<string> {
  const t = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const m = (await t.sendMail(o)).message as Buffer;
  return m
    .toString('latin1')
    .replace(/--_NmP-[0-9a-f]+-Part_\d+/g, '--B')
    .replace(/boundary="[^"]+"/g, 'boundary=B');
}

function piece(name: string, what: string, port: (a: RunArgs) => number, html: boolean, sizes: Piece['sizes']): Piece {
  return {
    name,
    what,
    sizes,
    goals: { maxRatio: 1.3 },
    async bare(a) {
      const j = setup(a, port(a), html);
      const first = pendingMail(j.db, new Date().toISOString())[0]!;
      const [b, jb] = await Promise.all([bytes(bareMessage(first, html)), bytes(mailOptions(j, first))]);
      if (b !== jb)
        return { ms: 0, items: 0, wrong: `the bare message is not the judge's (${b.length} vs ${jb.length} bytes)` };
      const t0 = performance.now();
      // The rows are read in the timed part, as the judge reads them.
      const rows = j.db.prepare("SELECT * FROM outbox WHERE status = 'pending' ORDER BY id").all() as OutboxRow[];
      const t = nodemailer.createTransport({
        pool: true,
        host: '127.0.0.1',
        port: port(a),
        secure: false,
        ignoreTLS: true,
        name: 'bench.example',
      });
      const infos = await Promise.all(rows.map((r) => t.sendMail(bareMessage(r, html))));
      t.close();
      const ms = performance.now() - t0;
      j.db.close();
      const accepted = infos.filter((i) => i.accepted.length === 1).length;
      return {
        ms,
        items: rows.length,
        wrong: accepted === a.size ? null : `${accepted} of ${a.size} accepted`,
        sent: ids(rows),
      };
    },
    async judge(a) {
      const j = setup(a, port(a), html);
      const lock = acquireLock(j.db, 'run', j.clock());
      if (!lock.ok) throw new Error('the run lock is taken');
      const log: string[] = [];
      // The modules the send loads when there is mail (sendAndLog imports them then), loaded untimed as the
      // bare side's libraries are: loading code is start-up, a goal of its own (the start-up piece).
      await import('../../src/mail/outbound/transport.js');
      const t0 = performance.now();
      await sendAndLog(j, (s) => log.push(s), true);
      const ms = performance.now() - t0;
      lock.lock.release();
      const rows = listOutbox(j.db);
      const sent = rows.filter((r) => r.status === 'sent' && r.smtp_stage === 'reply-read:250');
      return {
        ms,
        items: rows.length,
        wrong: sent.length === a.size ? null : `${sent.length} of ${a.size} sent (${log.join('; ')})`,
        sent: ids(sent),
      };
    },
  };
}

export default [
  piece('send', 'text reports to a loopback SMTP sink', (a) => a.env.smtp.fast, false, { short: 200, full: 1000 }),
  piece(
    'send-slow-greeting',
    'text reports to a sink that pauses 100 ms before its greeting',
    (a) => a.env.smtp.slow,
    false,
    { short: 200, full: 1000 },
  ),
  piece(
    'send-html',
    'HTML reports with their pictures (CSS inlined, PNGs drawn) to a loopback SMTP sink',
    (a) => a.env.smtp.fast,
    true,
    { short: 20, full: 100 },
  ),
];
