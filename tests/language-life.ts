// Each kind's scripted games by mail for the language test of issue #32: the
// real code (createGame, order mails dropped into the inbox and `judge run`,
// the GM's mail commands, seats by mail), and every mail the outbox got, with
// its reader's language. What it covers, in a Czech or Russian game: the start
// mails, acknowledgements (forecasts, refused lines, judge commands), reports,
// reminders, HELP, LIST and RESET answers and the reset code, refused blocks,
// the GM's answers to every GM command (and their refusals), the worksheet,
// preview, a rerun's report, REPLACE and EJECT notices, the final mails.
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { clientMail } from '../src/cli/demo.js';
import { runOnce } from '../src/cli/mail.js';
import { createGame } from '../src/engine/create-game.js';
import type { Lang } from '../src/engine/types.js';
import { getRules, reportLang } from '../src/engine/kinds.js';
import { getGame, listPlayers } from '../src/store/games.js';
import { listOutbox, type OutboxRow } from '../src/store/outbox.js';
import { currentPhase } from '../src/store/phases.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { testJudge, type TestJudge } from './helpers.js';
import { checkMail, kindVocabulary, type CheckOptions } from './language.js';

export const H = 3_600_000;

/** The words a reader of a language types. */
export const WORDS = {
  cs: {
    game: 'HRA',
    end: 'KONEC',
    help: 'NÁPOVĚDA',
    list: 'SEZNAM',
    reset: 'OBNOVIT',
    orders: 'ROZKAZY',
    resend: 'ZNOVU',
    forecast: 'PŘEDPOVĚĎ ZAP',
    format: 'FORMÁT TEXT',
    badFormat: 'FORMÁT PDF',
    address: 'ADRESA nic',
    confirm: 'POTVRDIT 123456',
    password: 'HESLO ab',
    final: 'HOTOVO',
    gm: {
      status: 'STAV',
      extend: 'PRODLOUŽIT 24h',
      badExtend: 'PRODLOUŽIT zítra',
      pause: 'POZASTAVIT',
      resume: 'POKRAČOVAT',
      resend: 'ZNOVU',
      orders: 'ROZKAZY',
      replace: 'PŘEDAT',
      eject: 'VYŘADIT',
      unlock: 'ODBLOKOVAT',
      rerun: 'PŘEPOČÍTAT',
      endGame: 'KONEC HRY',
      approve: 'SCHVÁLIT',
      deny: 'ZAMÍTNOUT',
      start: 'ZAHÁJIT',
      process: 'VYHODNOTIT',
      preview: 'NÁHLED',
      worksheet: 'LIST',
      decide: 'ROZHODNUTÍ',
      hold: 'POČKAT',
      release: 'UVOLNIT',
      roll: 'HOD',
      unknown: 'BLABLA',
    },
  },
  ru: {
    game: 'ИГРА',
    end: 'КОНЕЦ',
    help: 'ПОМОЩЬ',
    list: 'СПИСОК',
    reset: 'СБРОС',
    orders: 'ПРИКАЗЫ',
    resend: 'ПОВТОРИТЬ',
    forecast: 'ПРОГНОЗ ВКЛ',
    format: 'ФОРМАТ ТЕКСТ',
    badFormat: 'ФОРМАТ ПДФ',
    address: 'АДРЕС нет',
    confirm: 'ПОДТВЕРДИТЬ 123456',
    password: 'ПАРОЛЬ аб',
    final: 'ГОТОВО',
    gm: {
      status: 'СТАТУС',
      extend: 'ПРОДЛИТЬ 24h',
      badExtend: 'ПРОДЛИТЬ завтра',
      pause: 'ПАУЗА',
      resume: 'ПРОДОЛЖИТЬ',
      resend: 'ПОВТОРИТЬ',
      orders: 'ПРИКАЗЫ',
      replace: 'ЗАМЕНИТЬ',
      eject: 'ИСКЛЮЧИТЬ',
      unlock: 'РАЗБЛОКИРОВАТЬ',
      rerun: 'ПЕРЕСЧИТАТЬ',
      endGame: 'КОНЕЦ ИГРЫ',
      approve: 'ОДОБРИТЬ',
      deny: 'ОТКЛОНИТЬ',
      start: 'НАЧАТЬ',
      process: 'ОБРАБОТАТЬ',
      preview: 'ПРОСМОТР',
      worksheet: 'ЛИСТ',
      decide: 'РЕШЕНИЕ',
      hold: 'ЖДАТЬ',
      release: 'ОТПУСТИТЬ',
      roll: 'БРОСОК',
      unknown: 'БЛАБЛА',
    },
  },
} as const;

export interface LangMail {
  row: OutboxRow;
  to: string;
  lang: Lang;
}

/** A judge with an inbox the test drops mail into, and `judge run`. */
export class World {
  readonly j: TestJudge = testJudge();
  /** Each address's language: seats, the GM, the strangers who wrote. */
  readonly langs = new Map<string, Lang>();
  private n = 0;
  readonly log: string[] = [];
  /** Every line the players and the GM wrote. */
  readonly typed = new Set<string>();
  constructor() {
    mkdirSync(this.j.inboxDir, { recursive: true });
  }

  async drop(from: string, text: string, subject = 'hra'): Promise<void> {
    for (const l of text.split('\n')) if (l.trim()) this.typed.add(l.trim());
    const raw = await clientMail({
      from,
      to: 'judge@localhost',
      subject,
      text,
      date: new Date(this.j.clock().getTime()),
    });
    const file = join(this.j.inboxDir, `${String(++this.n).padStart(4, '0')}.eml`);
    writeFileSync(file, raw);
    utimesSync(file, this.j.clock(), this.j.clock());
  }

  async run(): Promise<void> {
    await runOnce(this.j, (s) => this.log.push(s));
  }

  /** Drop and run. */
  async send(from: string, text: string, subject?: string): Promise<void> {
    await this.drop(from, text, subject);
    await this.run();
  }

  /** The seats and GMs of the judge's games, with their languages (an address the harness met keeps its own). */
  learn(game: string): void {
    for (const p of listPlayers(this.j.db, game)) if (!this.langs.has(p.email)) this.langs.set(p.email, p.lang);
  }

  /**
   * Every mail with its reader's language. A reader whose language the kind has
   * no words in reads the mails that carry them (start, reports, the final mail,
   * acknowledgements of orders, a game's order help) wholly in the kind's report
   * language; notices, answers, errors and the GM's answers in his own.
   */
  mails(): LangMail[] {
    return listOutbox(this.j.db).flatMap((row) =>
      (JSON.parse(row.to_addrs) as string[]).map((to) => {
        const own = this.langs.get(to);
        if (!own) throw new Error(`no language known for ${to} (${row.dedupe_key})`);
        const game = row.game_id ? getGame(this.j.db, row.game_id) : undefined;
        // The GM's answers (an ack to the GM's address) are the judge's words.
        const gmAnswer = row.dedupe_key.startsWith('ack:') && to === game?.gm_email;
        const kindWords =
          /^(start|report|final|ack|help-game):/.test(row.dedupe_key) && row.kind !== 'error' && !gmAnswer;
        const lang = game && kindWords ? reportLang(getRules(game.kind), own) : own;
        return { row, to, lang };
      }),
    );
  }
}

export interface GameLife {
  world: World;
  game: string;
  lang: Lang;
  /** Words typed as they are in every language (ids of the game, its players, units …). */
  allowed: string[];
  /** Names a message may insert raw. */
  names: string[];
  /** The kind's English order words (language.ts CheckOptions.vocabulary). */
  vocabulary?: string[];
}

/** Every finding in the mails of lives, for readers other than English. */
export function findings(life: GameLife, extra: CheckOptions = {}): string[] {
  const opts: CheckOptions = {
    allowed: [...life.allowed, ...(extra.allowed ?? [])],
    names: [...life.names, ...(extra.names ?? [])],
    typed: [...life.world.typed, ...(extra.typed ?? [])],
    vocabulary: [...(life.vocabulary ?? []), ...(extra.vocabulary ?? [])],
  };
  return life.world.mails().flatMap((m) => (m.lang === 'en' ? [] : checkMail(m.row, m.lang, opts)));
}

export interface KindLife {
  kind: string;
  game: string;
  lang: 'cs' | 'ru';
  setup: Record<string, unknown> & { seats: { id: string; email: string; password: string; lang?: Lang }[] };
  /** The players' order lines, turn by turn (a phase each). */
  turns: Record<string, string[]>[];
  /** GM lines after each turn's deadline (a kind with GM decisions), each a mail. */
  gm?: string[][][];
  /** An order line the kind refuses. */
  bad: string;
  /** Lines of a private and a public message, if the kind has them (a player's block). */
  messages?: Record<string, string[]>;
  allowed: string[];
  names: string[];
  /** When the game is created (epoch ms), if not the test judge's start. */
  at?: number;
}

/** Two-hourly runs until the open phase is done, or waits for the GM (at most a week). */
async function untilNext(w: World, game: string): Promise<void> {
  const start = currentPhase(w.j.db, game);
  if (!start) return;
  for (let i = 0; i < 84; i++) {
    w.j.advance(2 * H);
    await w.run();
    const now = currentPhase(w.j.db, game);
    if (!now || now.number !== start.number || (!start.gm_opened_at && now.gm_opened_at)) return;
  }
}

const GM = 'gm@example.org';
const GM_PASSWORD = 'gm-secret';

/** A kind's game by mail, from its start mails to its final mails. */
export async function kindLife(k: KindLife): Promise<GameLife> {
  const w = new World();
  const W = WORDS[k.lang];
  const G = W.gm;
  const setup = {
    ...k.setup,
    lang: k.lang,
    gm: { email: GM, password: GM_PASSWORD, lang: k.lang },
    schedule: k.setup.schedule ?? { every: '48h', reminders: ['12h'] },
  };
  if (k.at) w.j.advance(k.at - w.j.clock().getTime());
  w.langs.set(GM, k.lang);
  createGame(w.j, { id: k.game, kind: k.kind, setup, seed: '32', actor: 'test', mail: true });
  w.learn(k.game);
  const seats = k.setup.seats;
  const pw = (id: string) => seats.find((s) => s.id === id)!.password;
  const email = (id: string) => seats.find((s) => s.id === id)!.email;
  const block = (id: string, lines: string[], game = k.game, password = pw(id)) =>
    `${W.game} ${game} ${id} ${password}\n${lines.join('\n')}\n${W.end}\n`;
  const gmBlock = (lines: string[], password = GM_PASSWORD) =>
    `GM ${k.game} ${password}\n${lines.join('\n')}\n${W.end}\n`;
  const first = seats.find((s) => (s.lang ?? k.lang) === k.lang)!;
  const second = seats.filter((s) => (s.lang ?? k.lang) === k.lang)[1]!;

  // Strangers and players without a block: HELP, HELP <game>, LIST, RESET.
  w.langs.set(`stranger-${k.lang}@example.net`, k.lang);
  for (const text of [W.help, `${W.help} ${k.game}`, W.list, `${W.help} nic`])
    await w.send(`stranger-${k.lang}@example.net`, `${text}\n`);
  await w.send(first.email, `${W.reset} ${k.game} ${first.id}\n`);
  // Refused blocks: a wrong password, an unknown game, a wrong GM password.
  await w.send(first.email, block(first.id, [k.bad], k.game, 'spatne'));
  await w.send(first.email, block(first.id, [k.bad], 'nicneni'));
  await w.send(GM, gmBlock([G.status], 'spatne'));

  for (const [t, turn] of k.turns.entries()) {
    for (const [id, lines] of Object.entries(turn)) {
      // The first turn: the orders with a bad line and every judge command of a player's block.
      const more =
        t === 0 && id === first.id
          ? [k.bad, W.orders, W.forecast, W.format, W.badFormat, W.address, W.confirm, W.password, W.help, W.final]
          : [];
      await w.drop(email(id), block(id, [...lines, ...more]));
    }
    if (t === 0) for (const [id, lines] of Object.entries(k.messages ?? {})) await w.drop(email(id), block(id, lines));
    await w.run();
    if (t === 0) {
      await w.send(second.email, block(second.id, [W.resend, W.orders]));
      // The GM's commands on an open phase, each answered (or refused) in the GM's language.
      await w.send(
        GM,
        gmBlock([
          G.status,
          G.extend,
          G.badExtend,
          `${G.orders} ${first.id}`,
          `${G.orders} nikdo`,
          G.orders,
          `${G.resend} ${first.id}`,
          `${G.resend} gm`,
          G.resend,
          `${G.unlock} ${first.id}`,
          `${G.unlock} ${first.email}`,
          G.unlock,
          `${G.approve} 99`,
          `${G.deny} 99`,
          G.approve,
          G.start,
          G.preview,
          G.worksheet,
          `${G.decide} X9.dif 1`,
          `${G.roll} 4dF`,
          G.hold,
          G.release,
          `${G.replace} ${second.id}`,
          `${G.replace} ${second.id} nic`,
          `${G.eject} nikdo`,
          `${G.rerun} 99`,
          G.rerun,
          G.endGame.split(' ')[0]!,
          G.unknown,
        ]),
      );
      await w.send(GM, gmBlock([G.pause]));
      await w.send(GM, gmBlock([G.status, G.resume]));
    }
    // Reminders before the deadline, then the deadline (a GM's phase: the worksheet, his answers, his deadline).
    const before = currentPhase(w.j.db, k.game)?.number;
    await untilNext(w, k.game);
    if (currentPhase(w.j.db, k.game)?.number === before) {
      for (const lines of k.gm?.[t] ?? []) await w.send(GM, gmBlock(lines));
      await untilNext(w, k.game);
    }
  }
  // A replacement and an ejection; a rerun, then PROCESS and the end.
  const last = seats.at(-1)!;
  await w.send(GM, gmBlock([`${G.replace} ${last.id} novy-${k.lang}@example.net`]));
  w.learn(k.game);
  await w.send(GM, gmBlock([`${G.eject} ${seats.at(-2)!.id}`]));
  await w.send(GM, gmBlock([`${G.rerun} 1`]));
  await w.send(GM, gmBlock([G.status, G.preview, G.process]));
  await w.send(GM, gmBlock([`${G.resend} ${first.id} 1`, G.endGame]));
  await w.send(GM, gmBlock([G.status, G.preview, G.worksheet, G.process, `${G.rerun} 1`, G.extend]));
  if (!currentPhase(w.j.db, k.game) && !w.log.length) throw new Error('no phase');
  return {
    world: w,
    game: k.game,
    lang: k.lang,
    allowed: [k.game, k.kind, ...k.allowed],
    vocabulary: kindVocabulary(k.kind),
    names: k.names,
  };
}

/** What a life's mails cover: each mail's kind of key (start, ack, report, notice:seats …), and how many there are. */
export function coverage(life: GameLife): { kinds: Set<string>; count: number } {
  const mails = life.world.mails();
  const kinds = new Set(
    mails.map((m) => {
      const [a, b] = m.row.dedupe_key.split(':');
      const gm = m.to === GM || /^gm@/.test(m.to) ? ' gm' : '';
      return `${a === 'notice' ? `notice:${b}` : a}${gm}`;
    }),
  );
  return { kinds, count: mails.length };
}

/**
 * A language test (issue #32): play a game's life, check it covers the kinds
 * of mail it should (and at least so many mails), and that no mail has a
 * finding; `more` adds tests on the same life.
 */
export function languageSuite(
  title: string,
  play: () => Promise<GameLife>,
  o: {
    covers: string[];
    atLeast: number;
    more?: (life: () => GameLife) => void;
  },
): void {
  let life: GameLife;
  describe(title, { timeout: 300_000 }, () => {
    beforeAll(async () => {
      life = await play();
    }, 300_000);

    it('covers every kind of mail it should', () => {
      const { kinds, count } = coverage(life);
      for (const k of o.covers) expect([...kinds], k).toContain(k);
      expect(count).toBeGreaterThanOrEqual(o.atLeast);
    });

    it('no English word, no foreign date, no raw name after a Russian preposition', () => {
      expect(findings(life)).toEqual([]);
    });

    o.more?.(() => life);
  });
}
