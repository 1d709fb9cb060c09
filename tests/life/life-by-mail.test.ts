// A game's whole life by mail (issue 30), for every kind: after `game create`
// from a setup the GM uses mail only. The start mails (each seat its position
// and nothing of another's; the passwords the judge made work), RESEND before
// the first turn, HELP <game> and HELP in a block, a password reset, a phase
// processed by the GM's PROCESS, a replacement by the GM's REPLACE (the new
// player gets the position as it stands), the GM's END GAME and the final mail
// to everyone. Every mail to a player is scanned for repository paths and GM
// commands, and every notice to a player for another player's address.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createGame } from '../../src/engine/create-game.js';
import { readSetupFile } from '../../src/engine/setup-file.js';
import { gameSettings } from '../../src/engine/settings.js';
import type { Lang } from '../../src/engine/types.js';
import type { FandiState } from '../../src/games/fandi/types.js';
import type { GState } from '../../src/games/godfather/state.js';
import { character } from '../../src/games/godfather/tables.js';
import type { NationState } from '../../src/games/nation/types.js';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { orderHelp } from '../../src/render/order-help.js';
import { message } from '../../src/render/templates.js';
import { getGame, getPlayer, listPlayers } from '../../src/store/games.js';
import { listOutbox, type OutboxRow } from '../../src/store/outbox.js';
import { currentPhase } from '../../src/store/phases.js';
import { count, mail, testJudge, type TestJudge } from '../helpers.js';
import { GM_ONLY } from './player-mail.js';

interface Seat {
  id: string;
  name: string;
  email: string;
  lang?: Lang;
  password?: string;
}

interface KindScript {
  kind: string;
  setup(): Record<string, unknown> & { seats: Seat[]; gm: { email: string; password: string } };
  /** What the reader's position must show (from the open phase's state). */
  own(state: unknown, player: string, lang: Lang): string[];
  /** What only this player (and the GM) may know: none of it in another player's mail. */
  secrets(state: unknown, player: string): RegExp[];
  /** What the final mail shows every reader. */
  final(state: unknown, lang: Lang): (string | RegExp)[];
}

const fandiSetup = () => {
  const setup = JSON.parse(readFileSync('games/fandi/setups/default.json', 'utf8'));
  const seats: Seat[] = (setup.players as { id: string; god: string }[]).map((p, i) => ({
    id: p.id,
    name: p.god,
    email: `${p.id}@example.cz`,
    lang: i === 3 ? 'en' : 'cs',
  }));
  return { ...setup, lang: 'cs', gm: { email: 'gm@example.cz', password: 'gm-secret' }, seats };
};

const unitIds = (s: FandiState, p: string) =>
  s.units.filter((u) => u.owner === p).map((u) => new RegExp(`#${u.id}(?!\\d)`));

const KINDS: KindScript[] = [
  {
    kind: 'fandi',
    setup: fandiSetup,
    own: (s, p) => (s as FandiState).units.filter((u) => u.owner === p).map((u) => `#${u.id}`),
    secrets: (s, p) => unitIds(s as FandiState, p),
    final: () => [/== (MAPA|MAP) ==/],
  },
  {
    kind: 'godfather',
    setup: () => {
      const s = readSetupFile('games/godfather/setups/default.yaml') as ReturnType<KindScript['setup']>;
      return { ...s, gm: { ...s.gm, password: 'gm-secret' } };
    },
    own: (s, p, lang) => [
      character((s as GState).players.find((x) => x.id === p)!.character).name[lang === 'ru' ? 'ru' : 'en'],
    ],
    secrets: (s, p) => {
      const st = s as GState;
      const me = st.players.find((x) => x.id === p)!;
      const shared = st.players.filter((x) => x.character === me.character).length > 1;
      if (shared) return [];
      const c = character(me.character).name;
      return [c.ru, c.en].map((n) => new RegExp(`(?<![\\p{L}])${n}(?![\\p{L}])`, 'u'));
    },
    // The end reveals every secret character.
    final: (s, lang) => (s as GState).players.map((x) => character(x.character).name[lang === 'ru' ? 'ru' : 'en']),
  },
  {
    kind: 'nation',
    setup: () => {
      const s = readSetupFile('games/nation/setups/default.yaml') as ReturnType<KindScript['setup']>;
      return { ...s, gm: { ...s.gm, password: 'gm-secret' } };
    },
    own: (s, p) => [(s as NationState).countries.find((c) => c.player === p)!.name],
    // An order only its own player knows of.
    secrets: (s, p) =>
      (s as NationState).orders.filter((o) => o.player === p && o.knownBy.length === 1).map((o) => new RegExp(o.name)),
    final: (s) => (s as NationState).countries.map((c) => c.name),
  },
  {
    kind: 'rpg',
    setup: () => {
      const s = readSetupFile('games/rpg/setups/krepost.yaml') as ReturnType<KindScript['setup']>;
      return {
        ...s,
        gm: { ...s.gm, password: 'gm-secret' },
        seats: [...s.seats, { id: 'mila', name: 'Mila', email: 'mila@example.cz', lang: 'cs' }],
      };
    },
    own: (_s, p) => (p === 'irina' ? ['взлом +10'] : p === 'oleg' ? ['секира'] : ['Mila']),
    secrets: (_s, p) => (p === 'irina' ? [/взлом \+10/] : p === 'oleg' ? [/парирование \+/] : []),
    final: () => ['#dice-master'],
  },
];

const HELP_WORD: Record<Lang, string> = { en: 'HELP', cs: 'NÁPOVĚDA', ru: 'ПОМОЩЬ' };
const RESET_WORD: Record<Lang, string> = { en: 'RESET', cs: 'OBNOVIT', ru: 'СБРОС' };

function since(j: TestJudge, id: number): OutboxRow[] {
  return listOutbox(j.db).filter((r) => r.id > id);
}

function lastId(j: TestJudge): number {
  return listOutbox(j.db).at(-1)?.id ?? 0;
}

function to(rows: OutboxRow[], email: string): OutboxRow[] {
  return rows.filter((r) => (JSON.parse(r.to_addrs) as string[]).includes(email));
}

/** The position part of a start mail: everything above the order help. */
function position(body: string, lang: Lang): string {
  const i = body.indexOf(message('common', lang, 'start-help-heading'));
  return i < 0 ? body : body.slice(0, i);
}

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const PASSWORD = /^\s*(?:Password|Heslo|Пароль):\s+(\S+)\s*$/m;

describe.each(KINDS)('$kind: a whole game by mail', (k) => {
  it('start, help, reset, replacement and end, the GM by mail only', { timeout: 120_000 }, async () => {
    const j = testJudge();
    const setup = k.setup();
    // The judge makes every password but one.
    const seats = setup.seats.map((s, i) =>
      i === 0 ? { ...s, password: 'own-choice' } : { ...s, password: undefined },
    );
    createGame(j, { id: 'g', kind: k.kind, setup: { ...setup, seats }, seed: '5', actor: 'test', mail: true });
    const players = listPlayers(j.db, 'g');
    const state = JSON.parse(currentPhase(j.db, 'g')!.state_json);
    const gm = setup.gm;
    const gmMail = (lines: string) => mail(gm.email, `GM g ${gm.password}\n${lines}\nEND`);

    // --- the start mails: one per seat, in his language, with his position and nothing of another's
    const starts = listOutbox(j.db).filter((r) => r.dedupe_key.startsWith('start:g:'));
    expect(starts).toHaveLength(players.length + 1);
    const passwords = new Map<string, string>([[players.find((p) => p.id === seats[0]!.id)!.id, 'own-choice']]);
    for (const p of players) {
      const mine = to(starts, p.email);
      expect(mine, p.id).toHaveLength(1);
      const body = mine[0]!.body;
      const pos = position(body, p.lang);
      expect(body).toContain(message('common', p.lang, 'start-help-heading'));
      expect(body).toContain(orderHelp(k.kind, p.lang)!.split('\n')[0]!);
      for (const s of k.own(state, p.id, p.lang)) expect(pos, `${p.id}'s start shows ${s}`).toContain(s);
      for (const other of players.filter((x) => x.id !== p.id))
        for (const re of k.secrets(state, other.id)) expect(pos, `${p.id} sees ${other.id}'s ${re}`).not.toMatch(re);
      const pw = PASSWORD.exec(body)?.[1];
      if (p.id === seats[0]!.id) expect(pw).toBeUndefined();
      else passwords.set(p.id, pw!);
    }
    expect(to(starts, gm.email)).toHaveLength(1);
    expect(to(starts, gm.email)[0]!.body).toContain(players[1]!.email);

    const [p0, p1, p2] = players as [(typeof players)[0], (typeof players)[0], (typeof players)[0]];
    // --- the generated passwords work; RESEND before the first turn brings the start again; HELP in a block
    for (const p of players) {
      const r = await ingest(j, await mail(p.email, `GAME g ${p.id} ${passwords.get(p.id)}\nORDERS\nEND`), 't');
      expect(r.status, p.id).toBe('accepted');
    }
    let mark = lastId(j);
    await ingest(j, await mail(p0.email, `GAME g ${p0.id} ${passwords.get(p0.id)}\nRESEND\nHELP\nEND`), 't');
    const resent = to(since(j, mark), p0.email).filter((r) => r.dedupe_key.startsWith('resend:'));
    expect(resent).toHaveLength(1);
    for (const s of k.own(state, p0.id, p0.lang)) expect(resent[0]!.body).toContain(s);
    // It has a subject of its own (the start mail's is not there): the game and the position.
    expect(resent[0]!.subject).toMatch(new RegExp(`^\\[g\\] \\S.*\\b${p0.id}$`));
    // The GM's, asked by mail, too.
    const gmMark = lastId(j);
    await ingest(j, await mail(gm.email, `GM g ${gm.password}\nRESEND gm\nEND`), 't');
    const gmResent = to(since(j, gmMark), gm.email).filter((r) => r.dedupe_key.startsWith('resend:'));
    expect(gmResent).toHaveLength(1);
    expect(gmResent[0]!.subject).toMatch(/^\[g\] \S.*\S$/);
    const inBlock = to(since(j, mark), p0.email).filter((r) => r.dedupe_key.startsWith('orders-help:'));
    expect(inBlock[0]!.body).toContain(orderHelp(k.kind, p0.lang)!.split('\n')[0]!);

    // --- HELP <game> as a mail's first line: the kind's orders in the asker's language
    mark = lastId(j);
    await ingest(j, await mail(p1.email, `${HELP_WORD[p1.lang]} g\n`), 't');
    const help = to(since(j, mark), p1.email);
    expect(help).toHaveLength(1);
    expect(help[0]!.body).toContain(orderHelp(k.kind, p1.lang)!.split('\n')[0]!);

    // --- RESET: a code to the address of record only; a wrong code counts; the right one sets the password
    mark = lastId(j);
    await ingest(j, await mail('stranger@example.net', `${RESET_WORD[p1.lang]} g ${p1.id}\n`), 't');
    const coded = since(j, mark);
    const codeMail = to(coded, p1.email);
    expect(codeMail).toHaveLength(1);
    const code = /\b(\d{8})\b/.exec(codeMail[0]!.body)![1]!;
    expect(to(coded, 'stranger@example.net')[0]!.body).not.toContain(code);
    const wrong = await ingest(
      j,
      await mail('stranger@example.net', `GAME g ${p1.id}\nRESET 00000000\nPASSWORD stolen-pw\nEND`),
      't',
    );
    expect(wrong.status).toBe('rejected');
    expect(count(j, 'auth_failures WHERE game_id = ?', 'g')).toBe(1);
    const right = await ingest(
      j,
      await mail(p1.email, `GAME g ${p1.id}\nRESET ${code}\nPASSWORD fresh-pw-1\nEND`),
      't',
    );
    expect(right.status).toBe('accepted');
    expect(
      listOutbox(j.db).filter(
        (r) => r.dedupe_key.startsWith('notice:password-reset:') && r.to_addrs.includes(gm.email),
      ),
    ).toHaveLength(1);
    expect((await ingest(j, await mail(p1.email, `GAME g ${p1.id} fresh-pw-1\nORDERS\nEND`), 't')).status).toBe(
      'accepted',
    );
    expect(
      (await ingest(j, await mail(p1.email, `GAME g ${p1.id} ${passwords.get(p1.id)}\nORDERS\nEND`), 't')).status,
    ).toBe('rejected');
    // A spent code does not work again.
    expect(
      (await ingest(j, await mail(p1.email, `GAME g ${p1.id}\nRESET ${code}\nPASSWORD other-pw\nEND`), 't')).status,
    ).toBe('rejected');

    // --- the GM: STATUS and PROCESS by mail
    mark = lastId(j);
    await ingest(j, await gmMail('STATUS\nPROCESS'), 't');
    // The GM's answers in the GM's language: no English words in a Czech or Russian game's answer.
    const ack = to(since(j, mark), gm.email).find((r) => r.kind === 'ack')!;
    expect(ack.body).not.toMatch(/orders in|missing|deadline|processed|phase \d/);
    // The phase was processed (after the mail was stored): the replacement below gets the position as it stands then.
    expect(currentPhase(j.db, 'g')!.number).toBe(2);

    // --- the GM replaces p2 by mail: the new player gets a password and the position as it stands
    mark = lastId(j);
    await ingest(j, await gmMail(`REPLACE ${p2.id} newbie@example.net Nový Hráč`), 't');
    const after = since(j, mark);
    const gmAck = to(after, gm.email).find((r) => r.kind === 'ack')!;
    expect(gmAck.body).toContain('newbie@example.net');
    expect(getPlayer(j.db, 'g', p2.id)!.email).toBe('newbie@example.net');
    const handed = to(after, 'newbie@example.net');
    expect(handed).toHaveLength(1);
    const now = JSON.parse(currentPhase(j.db, 'g')!.state_json);
    for (const s of k.own(now, p2.id, p2.lang)) expect(position(handed[0]!.body, p2.lang)).toContain(s);
    for (const other of players.filter((x) => x.id !== p2.id))
      for (const re of k.secrets(now, other.id)) expect(position(handed[0]!.body, p2.lang)).not.toMatch(re);
    const newPw = PASSWORD.exec(handed[0]!.body)![1]!;
    expect(
      (await ingest(j, await mail('newbie@example.net', `GAME g ${p2.id} ${newPw}\nORDERS\nEND`), 't')).status,
    ).toBe('accepted');
    const outgoing = to(after, p2.email);
    expect(outgoing).toHaveLength(1);
    expect(outgoing[0]!.body).not.toContain('newbie');
    expect(outgoing[0]!.body).toContain(p2.id);

    // --- the GM ends the game: every player and the GM get the final mail
    mark = lastId(j);
    await ingest(j, await gmMail('END GAME'), 't');
    expect(getGame(j.db, 'g')!.status).toBe('over');
    const finals = since(j, mark).filter((r) => r.dedupe_key.startsWith('final:g:'));
    const readers = listPlayers(j.db, 'g').filter((p) => p.status !== 'ejected');
    expect(finals.map((r) => JSON.parse(r.to_addrs)[0]).sort()).toEqual(
      [...readers.map((p) => p.email), gm.email].sort(),
    );
    const final = JSON.parse(currentPhase(j.db, 'g')!.state_json);
    for (const r of finals) {
      const lang = readers.find((p) => r.to_addrs.includes(p.email))?.lang ?? gameSettings(getGame(j.db, 'g')!).gmLang;
      for (const s of k.final(final, lang)) expect(r.body).toMatch(typeof s === 'string' ? new RegExp(literal(s)) : s);
      // The game is over: the result is the final position, with nothing due and no vote open.
      expect(r.body).not.toMatch(
        /orders are now due|příkazy nyní|Now: |Сейчас: |Теперь: |vote is open|Голосование открыто/,
      );
      if (k.kind !== 'rpg') expect(r.body).toMatch(/The final position|Konečný stav|Итоговое положение/);
    }

    // --- no mail to a player names a repository path or a GM command; no notice names another player's address
    const addresses = [...players.map((p) => p.email), 'newbie@example.net'];
    for (const r of listOutbox(j.db)) {
      const tos = JSON.parse(r.to_addrs) as string[];
      if (tos.includes(gm.email)) continue;
      expect(`${r.subject}\n${r.body}`.match(GM_ONLY), `${r.dedupe_key} to ${tos}`).toBeNull();
      if (r.kind === 'notice' || r.dedupe_key.startsWith('start:') || r.dedupe_key.startsWith('final:'))
        for (const a of addresses.filter((x) => !tos.includes(x)))
          if (k.kind !== 'fandi') expect(r.body, `${r.dedupe_key} names ${a}`).not.toContain(a);
    }
  });
});
