// The judge of tests/fixtures/mail-mime/ (Outlook's "?" text parts, raw 8-bit
// headers, list mail and people whose address ends -owner), and one fixture's
// outcome as it is stored: the inbound row, the orders, every mail queued.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createGame } from '../../src/engine/create-game.js';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { testJudge, type TestJudge } from '../helpers.js';

export const DIR = join(import.meta.dirname, '../fixtures/mail-mime');

export function fixture(name: string): Buffer {
  return readFileSync(join(DIR, name));
}

type Seat = [id: string, email: string, password: string, lang: 'en' | 'cs' | 'ru'];

/** A dice game of these seats (each named as its id, capitalised). */
function rpg(j: TestJudge, id: string, lang: 'en' | 'cs', seats: Seat[]): void {
  createGame(j, {
    id,
    kind: 'rpg',
    seed: '7',
    actor: 'test',
    setup: {
      title: id,
      lang,
      seats: seats.map(([sid, email, password, l]) => ({
        id: sid,
        name: sid[0]!.toUpperCase() + sid.slice(1),
        email,
        password,
        lang: l,
      })),
    },
  });
}

/** "tavern" (en: alice, boris ru, the-owner) and "hospoda" (cs: cyril, jan-owner@, shop-owner@), the judge at judge@games.example. */
export function mimeJudge(): TestJudge {
  const j = testJudge();
  j.config.judge.address = 'judge@games.example';
  rpg(j, 'tavern', 'en', [
    ['alice', 'alice@example.org', 'apple', 'en'],
    ['boris', 'boris@example.ru', 'berry', 'ru'],
    ['the-owner', 'the-owner@example.org', 'plum', 'en'],
  ]);
  rpg(j, 'hospoda', 'cs', [
    ['cyril', 'cyril@example.cz', 'koruna', 'cs'],
    ['jan', 'jan-owner@example.cz', 'vrana', 'cs'],
    ['obchod', 'shop-owner@obchod.example.cz', 'zbozi', 'cs'],
  ]);
  return j;
}

export interface Outcome {
  status: string;
  reason: string | null;
  subject: string | null;
  kinds: string[];
  /** The order lines stored, per game/player. */
  orders: Record<string, string[]>;
  mails: { kind: string; to: string[]; subject: string; body: string }[];
}

/** Ingest a fixture and read back what was stored and queued for it. */
export async function ingestFixture(j: TestJudge, name: string, raw = fixture(name)): Promise<Outcome> {
  const before = (j.db.prepare('SELECT coalesce(max(id), 0) AS m FROM outbox').get() as { m: number }).m;
  const r = await ingest(j, raw, `file:${name}`);
  const row = j.db.prepare('SELECT status, reason, subject FROM inbound WHERE id = ?').get(r.inboundId) as {
    status: string;
    reason: string | null;
    subject: string | null;
  };
  const subs = j.db
    .prepare('SELECT game_id, player_id, echo_json FROM submissions WHERE inbound_id = ? ORDER BY id')
    .all(r.inboundId) as { game_id: string; player_id: string; echo_json: string }[];
  const mails = j.db
    .prepare('SELECT kind, to_addrs, subject, body FROM outbox WHERE id > ? ORDER BY id')
    .all(before) as { kind: string; to_addrs: string; subject: string; body: string }[];
  return {
    ...row,
    kinds: r.kinds ?? [],
    orders: Object.fromEntries(
      subs.map((s) => [
        `${s.game_id}/${s.player_id}`,
        (JSON.parse(s.echo_json) as { text: string }[]).map((x) => x.text),
      ]),
    ),
    mails: mails.map((m) => ({
      kind: m.kind,
      to: JSON.parse(m.to_addrs) as string[],
      subject: m.subject,
      body: m.body,
    })),
  };
}
