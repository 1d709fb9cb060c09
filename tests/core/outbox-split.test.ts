// The outbox in two tables (migrations.ts, issue #15): a send step updates
// the small head row only, a store made before the split keeps every mail,
// and the `outbox` view reads and writes as the table it was.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { dbPath, openDb } from '../../src/store/db.js';
import { migrations } from '../../src/store/migrations.js';
import { claim, enqueue, getOutbox, listOutbox, markSent, messageIdFor, setStage } from '../../src/store/outbox.js';
import { tempDir } from '../helpers.js';

const SPLIT = migrations.findIndex((m) => m.includes('ALTER TABLE outbox RENAME TO outbox_head'));
const AT = '2026-11-29T12:00:00.000Z';
const OLD_COLUMNS = [
  'id',
  'dedupe_key',
  'message_id',
  'game_id',
  'phase_number',
  'kind',
  'to_addrs',
  'cc_addrs',
  'subject',
  'body',
  'headers_json',
  'status',
  'attempts',
  'last_error',
  'next_attempt_at',
  'created_at',
  'sent_at',
  'claimed_at',
  'smtp_stage',
  'html',
  'pictures_json',
];

/** Frames in the WAL after one write of its own (the WAL emptied first). */
function framesOf(db: Database.Database, write: () => void): number {
  db.pragma('wal_checkpoint(TRUNCATE)');
  write();
  return (db.pragma('wal_checkpoint(PASSIVE)') as { log: number }[])[0]!.log;
}

describe('the outbox in two tables', () => {
  it('a store from before the split: every row whole after the migration, columns in their old order', () => {
    const file = dbPath(tempDir());
    const old = new Database(file);
    old.pragma('journal_mode = WAL');
    for (let v = 0; v < SPLIT; v++) old.exec(migrations[v]!);
    old.pragma(`user_version = ${SPLIT}`);
    expect(
      old
        .prepare('SELECT * FROM outbox')
        .columns()
        .map((c) => c.name),
    ).toEqual(OLD_COLUMNS);
    old
      .prepare(
        `INSERT INTO outbox (dedupe_key, message_id, kind, to_addrs, subject, body, created_at, html, pictures_json, status, smtp_stage) VALUES (?, ?, 'report', '["a@b.c"]', 'S', ?, ?, ?, ?, 'sent', 'reply-read:250')`,
      )
      .run('k1', '<m1@x>', 'text body', AT, '<p>page</p>', '[{"cid":"c"}]');
    old
      .prepare(
        `INSERT INTO outbox (dedupe_key, message_id, kind, to_addrs, subject, body, created_at) VALUES ('k2', '<m2@x>', 'ack', '[]', 'T', 'ack body', ?)`,
      )
      .run(AT);
    const before = old.prepare('SELECT * FROM outbox ORDER BY id').all();
    old.close();
    const db = openDb(file);
    expect(db.prepare('SELECT * FROM outbox ORDER BY id').all()).toEqual(before);
    expect(
      db
        .prepare('SELECT * FROM outbox')
        .columns()
        .map((c) => c.name),
    ).toEqual(OLD_COLUMNS);
    expect(
      db
        .prepare("SELECT name FROM pragma_table_info('outbox_head') WHERE name IN ('body', 'html', 'pictures_json')")
        .all(),
    ).toEqual([]);
    // The judge goes on numbering after them.
    const { id } = enqueue(db, { dedupeKey: 'k3', kind: 'ack', to: ['p@q.r'], subject: 'U', body: 'new' }, 'x', AT);
    expect(id).toBe(3);
    expect(getOutbox(db, 3)).toMatchObject({ body: 'new', html: null, status: 'pending' });
  });

  it("a send step writes the head's page, not the body's: a report of 60 KB costs a frame or two per step", () => {
    const db = openDb(dbPath(tempDir()));
    db.pragma('synchronous = NORMAL');
    const { id } = enqueue(
      db,
      {
        dedupeKey: 'big',
        kind: 'report',
        to: ['p@q.r'],
        subject: 'Big',
        body: 'x'.repeat(30_000),
        html: `<p>${'y'.repeat(30_000)}</p>`,
      },
      'x',
      AT,
    );
    const frames = [
      framesOf(db, () => claim(db, id, AT)),
      framesOf(db, () => setStage(db, id, 'connected')),
      framesOf(db, () => setStage(db, id, 'data-sent')),
      framesOf(db, () => markSent(db, id, AT, 'reply-read:250')),
    ];
    // The head's table page, its status index's page: nothing of the 15 overflow pages of the body.
    for (const f of frames) expect(f).toBeLessThanOrEqual(3);
    expect(getOutbox(db, id)).toMatchObject({ status: 'sent', smtp_stage: 'reply-read:250', body: 'x'.repeat(30_000) });
  });

  it('the view takes writes as the table did (an SQL shell, a script): insert with defaults, update, delete', () => {
    const db = openDb(dbPath(tempDir()));
    db.prepare(
      `INSERT INTO outbox (dedupe_key, message_id, kind, to_addrs, subject, body, created_at) VALUES ('s1', '<s1@x>', 'notice', '["a@b.c"]', 'S', 'B', ?)`,
    ).run(AT);
    expect(listOutbox(db)).toEqual([
      expect.objectContaining({
        id: 1,
        dedupe_key: 's1',
        cc_addrs: '[]',
        headers_json: '{}',
        status: 'pending',
        attempts: 0,
        body: 'B',
        html: null,
      }),
    ]);
    db.prepare(
      `UPDATE outbox SET status = 'failed', last_error = 'by hand', body = 'B2', html = '<p>h</p>' WHERE id = 1`,
    ).run();
    expect(getOutbox(db, 1)).toMatchObject({
      status: 'failed',
      last_error: 'by hand',
      body: 'B2',
      html: '<p>h</p>',
      subject: 'S',
    });
    db.prepare(`UPDATE outbox SET message_id = '<' || id || '@y>'`).run();
    expect(getOutbox(db, 1)!.message_id).toBe('<1@y>');
    db.prepare('DELETE FROM outbox WHERE id = 1').run();
    expect(listOutbox(db)).toEqual([]);
    expect(db.prepare('SELECT count(*) AS n FROM outbox_body').get()).toEqual({ n: 0 });
  });

  it('Message-IDs: unique, in the order they were made (the index grows at its end), a dot-atom short enough for an unfolded header', () => {
    const ids = Array.from({ length: 5000 }, () => messageIdFor('judge.example.org'));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) {
      expect(id).toMatch(/^<[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@judge\.example\.org>$/);
      expect(`Message-ID: ${id}`.length).toBeLessThanOrEqual(78);
    }
  });
});
