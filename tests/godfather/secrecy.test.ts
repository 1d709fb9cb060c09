// Secrecy: 1,000 random seeded games (random roles and characters, random legal
// orders and messages every period) through parseOrders → checkMessage →
// adjudicate → view → render; every report each player receives is scanned for
// facts that player may not know: another's character, ТВ, faction membership,
// a private message's text not revealed to him, an anonymous author.
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { demoScenarios } from '../../src/cli/demo-scenarios.js';
import { nowIso } from '../../src/context.js';
import { recordGmLines } from '../../src/engine/gm-loop.js';
import { createGame } from '../../src/engine/create-game.js';
import { processPhase } from '../../src/engine/pipeline.js';
import { reportMail } from '../../src/engine/reports.js';
import { SeededRng } from '../../src/engine/rng.js';
import { canSee } from '../../src/engine/types.js';
import { dbPath } from '../../src/store/db.js';
import { getPlayer, listPlayers, requireGame } from '../../src/store/games.js';
import { recordMessage } from '../../src/store/messages.js';
import { currentPhase, livePhases } from '../../src/store/phases.js';
import { insertSubmission } from '../../src/store/submissions.js';
import { manageLink } from '../../src/web/links.js';
import { startServer } from '../../src/web/server.js';
import { launchBrowser } from '../browser.js';
import { testJudge } from '../helpers.js';
import { fetchPage } from '../web/http.js';
import type { RelayedMessage } from '../../src/engine/types.js';
import { render } from '../../src/render/templates.js';
import { heldActions } from '../../src/games/godfather/access.js';
import { rules } from '../../src/games/godfather/index.js';
import type { GOrder } from '../../src/games/godfather/order-types.js';
import { CHARACTERS, ROLE_SLUGS, action, allActions } from '../../src/games/godfather/tables.js';
import { canAct, factionsOf, halfOf, player, type GEvent, type GState } from '../../src/games/godfather/state.js';
import { IDS, NAMES, newGame } from './helpers.js';
import { NO_GM_INPUTS } from '../../src/engine/types.js';
import { forecastText } from '../forecast-check.js';
import { readSetupFile } from '../../src/engine/setup-file.js';
import { character } from '../../src/games/godfather/tables.js';
import { startAndFinal } from '../life/start-final.js';
import { positionMail } from '../../src/engine/start.js';

const GAMES = Number(process.env.GF_GAMES ?? 1000);
const PERIODS = 4;

const charNames = CHARACTERS.map((c) => ({ slug: c.slug, re: new RegExp(`(?<![а-яёА-ЯЁ])${c.name.ru}(?![а-яё])`) }));

interface Leak {
  game: number;
  t: number;
  reader: string;
  what: string;
}

function randomOrders(s: GState, id: string, rng: SeededRng): string[] {
  const p = s.players.find((x) => x.id === id)!;
  const alive = s.players.filter((x) => x.alive).map((x) => x.id);
  const lines: string[] = [];
  const pickTargets = (n: number) => rng.shuffle(alive).slice(0, n);
  const fellows = factionsOf(s, id).flatMap((f) => f.members.filter((m) => m !== id));
  if (rng.int(10) < 8) {
    const held = heldActions(s, id);
    const def = rng.pick(held);
    const choice =
      def.choice === 'sign'
        ? rng.pick(['+', '-'])
        : def.choice === 'stat'
          ? rng.pick(['VO', 'TV'])
          : def.choice === 'guard'
            ? rng.pick(['execution', 'prison'])
            : def.choice === 'number'
              ? String(1 + rng.int(Math.max(1, s.nextAnon)))
              : '';
    const jail = def.effect === 'jailOrFree' ? rng.pick(['jail', 'free']) : '';
    let targets = pickTargets(def.targets);
    if (def.effect === 'proxy') targets = forMember(s, rng.pick(fellows.length ? fellows : alive), rng);
    if (def.effect === 'loseAction' || def.effect === 'blackmail')
      targets = namedFor(s, pickTargets(1)[0]!, def.effect === 'loseAction', rng);
    if (def.effect === 'extraOrdinary') targets = pickTargets(1);
    lines.push(`ACT ${def.slug.en} ${targets.join(' ')} ${choice} ${jail}`.trim());
  }
  if (rng.int(10) === 0 && factionsOf(s, id).some((f) => f.leader === id))
    lines.push(`ACT leader ${forMember(s, rng.pick(factionsOf(s, id)[0]!.members), rng).join(' ')}`);
  if (halfOf(s.t) === 'night') {
    if (rng.int(3) === 0) lines.push(`INVITE ${rng.pick(alive)}`);
    if (rng.int(3) === 0) lines.push(`ACCEPT ${rng.pick(alive)}`);
    if (rng.int(8) === 0) lines.push('LEAVE');
    if (rng.int(8) === 0) lines.push(`EXPEL ${rng.pick(alive)}`);
    if (rng.int(8) === 0) lines.push('DISPLACE');
  } else if (s.vote?.list.length && rng.int(4) !== 0) lines.push(`VOTE ${rng.pick(s.vote.list)}`);
  if (p.character === 'attentive' && rng.int(2) === 0) lines.push(`READ ${rng.pick(alive)}`);
  if (p.character === 'double' && rng.int(2) === 0) lines.push(`EAVESDROP ${rng.pick(alive)}`);
  if (p.character === 'strategist' && rng.int(4) === 0) lines.push('ENDDAY');
  return lines;
}

/** The words after Шантаж or Кабальный договор: the player and an action of the tables or a kind (ruling godfather/blackmail-named-publicly), its targets and choice; or, for Шантаж, only the target of his next action. */
function namedFor(s: GState, target: string, bondage: boolean, rng: SeededRng): string[] {
  const alive = s.players.filter((x) => x.alive).map((x) => x.id);
  const word = rng.int(2)
    ? rng.pick(allActions()).slug[rng.pick(['ru', 'en'] as const)]
    : rng.pick(['day', 'night', 'hero', 'secret', 'ordinary', 'тайное', 'геройское', 'ночное']);
  if (bondage) return [target, word];
  if (rng.int(4) === 0) return [target, rng.pick(alive)];
  return [target, word, ...rng.shuffle(alive).slice(0, rng.int(3)), rng.pick(['', '+', '-', 'VO', 'TV'])];
}

/** The words after the leader's action or a proxy (ruling godfather/proxy-named-publicly): the member, maybe words of his action in public terms (or not: a slug), the targets and a choice. */
function forMember(s: GState, member: string, rng: SeededRng): string[] {
  const alive = s.players.filter((x) => x.alive).map((x) => x.id);
  const words = ['his', 'secret', 'action', 'его', 'тайное', 'рядовое', 'ordinary', rng.pick(allActions()).slug.ru];
  const targets = rng.shuffle(alive).slice(0, rng.pick([0, 1, 1, 1, 2, 3]));
  return [member, ...rng.shuffle(words).slice(0, rng.int(3)), ...targets, rng.pick(['', '+', '-', 'VO', 'TV'])];
}

/** The reading abilities a player has now (own or gained character). */
function chars(s: GState, id: string): string[] {
  const p = s.players.find((x) => x.id === id)!;
  return [p.character, ...(p.gainedCharacter ? [p.gainedCharacter] : [])];
}

const seen = { learnedCharacter: 0, messageReveals: 0, anonymous: 0, factions: 0, blocked: 0 };

function playGame(g: number, leaks: Leak[]): number {
  const rng = new SeededRng(`secrecy-${g}`);
  let s = newGame({ days: 7 }, `game-${g}`);
  // start some games later in the week (the state is plain data)
  s = { ...s, t: 3 * rng.int(6) };
  let reports = 0;
  let msgNo = 0;
  const authors = new Map<string, string>(); // anon token → author id
  const privTexts = new Map<string, { from: string; to: string[] }>();
  for (let period = 0; period < PERIODS && !s.over; period++) {
    const orders = new Map<string, GOrder[]>();
    const messages: RelayedMessage[] = [];
    const issued = new Map<string, GOrder[]>();
    for (const id of IDS) {
      const p = s.players.find((x) => x.id === id)!;
      if (!p.alive) continue;
      const r = rules.parseOrders(randomOrders(s, id, rng).join('\n'), { state: s, player: id, lang: 'ru' });
      orders.set(id, r.orders);
      issued.set(id, r.orders);
      const alive = s.players.filter((x) => x.alive && x.id !== id).map((x) => x.id);
      const mine: RelayedMessage[] = [];
      const n = rng.int(4);
      for (let k = 0; k < n; k++) {
        const kind = rng.int(10) < 7 ? 'private' : rng.int(2) ? 'anonymous' : 'public';
        const token = `${kind === 'private' ? 'PRIV' : kind === 'anonymous' ? 'ANON' : 'PUB'}${g}x${msgNo++}Z`;
        const to = kind === 'private' && alive.length ? [rng.pick(alive)] : [];
        if (kind === 'private' && !to.length) continue;
        const m = { line: k + 1, kind: kind as RelayedMessage['kind'], to, text: `сообщение ${token} конец` };
        if (rules.checkMessage!(s, id, m, mine, 'ru')) continue;
        const rm: RelayedMessage = { ...m, id: msgNo, from: id, at: '', seq: 0 };
        mine.push(rm);
        messages.push(rm);
        if (kind === 'anonymous') authors.set(token, id);
        if (kind === 'private') privTexts.set(token, { from: id, to });
      }
    }
    const relayed = rng.shuffle(messages).map((m, i) => ({ ...m, seq: i }));
    const before = s;
    const out = rules.adjudicate(s, orders, new SeededRng(`adj-${g}-${period}`), {
      phase: period + 1,
      deadline: null,
      messages: relayed,
      gm: NO_GM_INPUTS,
    });
    s = out.state;
    const events = out.events as GEvent[];
    for (const e of events) {
      if (e.type === 'learned' && e.what === 'character') seen.learnedCharacter++;
      if (e.type === 'message') seen.messageReveals++;
      if (e.type === 'anon') seen.anonymous++;
      if (e.type === 'result' && e.outcome === 'r-blocked') seen.blocked++;
    }
    seen.factions += s.factions.length;
    // structural: anonymous events never carry their author
    for (const e of events)
      if (e.type === 'anon' && ('author' in e || 'from' in e))
        leaks.push({ game: g, t: before.t, reader: 'all', what: 'anon event with author' });
    let publicPart: string | null = null;
    // What a kind's view keeps in one phase's `shared` scratch (made once for every reader) is what each reader's own view makes.
    const shared = g % 10 === 0 ? new Map<string, unknown>() : null;
    for (const reader of [...IDS, 'gm' as const]) {
      if (
        shared &&
        !isDeepStrictEqual(rules.view(s, events, reader, 'ru', shared), rules.view(s, events, reader, 'ru'))
      )
        leaks.push({ game: g, t: before.t, reader, what: 'view with a shared scratch differs' });
      if (reader === 'gm') continue;
      const model = rules.view(s, events, reader, 'ru');
      const mail = render('godfather', 'ru', 'report', {
        ...model,
        game: { id: 'g', title: 'Игра' },
        phase: { number: period + 1, label: rules.phase(before, 'ru').label },
        next: { number: period + 2, label: rules.phase(s, 'ru').label, deadline: null },
        player: { id: reader, name: reader, email: '' },
        gm: false,
        correction: false,
      });
      reports++;
      const text = mail.text;
      const cut = text.indexOf('== ЛИЧНО ДЛЯ ВАС');
      const pub = cut >= 0 ? text.slice(0, cut) : text;
      const priv = cut >= 0 ? text.slice(cut) : '';
      const leak = (what: string) => leaks.push({ game: g, t: before.t, reader, what });
      // 1. the public part is the same for everybody and holds no secret kind of fact
      if (publicPart === null) publicPart = pub;
      else if (pub !== publicPart) leak('public part differs between readers');
      for (const c of charNames) if (c.re.test(pub)) leak(`character name in the public part: ${c.slug}`);
      if (/ТВ[ :]+\d/.test(pub)) leak('ТВ in the public part');
      if (/[Фф]ракци/.test(pub)) leak('faction in the public part');
      for (const [token] of privTexts)
        if (pub.includes(token) && !events.some((e) => e.type === 'published' && String(e.text).includes(token)))
          leak(`private text in public: ${token}`);
      // 2. the private part
      const mine = events.filter((e) => Array.isArray(e.audience) && (e.audience as string[]).includes(reader));
      for (const e of mine)
        if (Array.isArray(e.audience) && (e.audience as string[]).length !== 1) leak(`shared private event ${e.type}`);
      const used = (issued.get(reader) ?? [])
        .filter((o) => o.type === 'act')
        .map((o) => (o as Extract<GOrder, { type: 'act' }>).key);
      const forced = before.forced.some((f) => f.target === reader);
      const learnedChars = new Set<string>();
      for (const e of mine.filter((x) => x.type === 'learned')) {
        const ability = e.action ? action(String(e.action)).effect : null;
        if (e.action && !used.includes(String(e.action)) && !forced)
          leak(`learned ${e.what} without using ${e.action}`);
        const d = e.data as Record<string, unknown>;
        if (e.what === 'character') {
          if (ability !== 'learnCharacter' && ability !== 'gainCharacter') leak('character learned by a wrong ability');
          learnedChars.add(String(d.character));
        }
        if (e.what === 'author' && !chars(before, reader).includes('smart') && !forced)
          leak('anonymous author learned by a non-Умный');
        if ((e.what === 'stats' && ability !== 'learnStats') || (e.what === 'allTv' && ability !== 'learnAllTv'))
          leak('ТВ learned by a wrong ability');
        if (e.what === 'factionTargets' && !chars(before, reader).includes('attentive'))
          leak('faction targets for a non-Внимательный');
        if (e.what === 'endDay' && !chars(before, reader).includes('strategist')) leak('end day for a non-Стратег');
      }
      const own = s.players.find((x) => x.id === reader)!;
      for (const c of charNames) {
        if (!c.re.test(priv)) continue;
        if (c.slug !== own.character && c.slug !== own.gainedCharacter && !learnedChars.has(c.slug))
          leak(`character ${c.slug} shown`);
      }
      for (const [token, m] of privTexts) {
        if (!priv.includes(token)) continue;
        const ev = mine.find((e) => e.type === 'message' && String(e.text).includes(token));
        if (!ev) leak(`private text ${token} shown without a reading ability`);
        else {
          const how = String(ev.how);
          const need = how === 'watch' ? 'attentive' : how === 'eavesdrop' ? 'double' : 'tactician';
          if (!chars(before, reader).includes(need) && own.character !== need)
            leak(`message read by ${how} without the feature`);
          if ([m.from, ...m.to].some((x) => before.players.find((p) => p.id === x)!.character === 'trickster'))
            leak(`a Хитрец's correspondence was read (${how}, ${token})`);
        }
      }
      for (const [token, author] of authors) {
        if (!text.includes(token) || author === reader) continue;
        const name = NAMES[IDS.indexOf(author)]!;
        const line = text.split('\n').find((l) => l.includes(token)) ?? '';
        if (line.includes(name)) leak(`anonymous ${token} shows its author`);
      }
      // ТВ and factions of others only on the lines of legitimate findings
      const learnedLines = new Set(mine.filter((e) => e.type === 'learned').flatMap(() => []));
      void learnedLines;
      const sectionLines = priv.split('\n');
      let section = '';
      for (const l of sectionLines) {
        if (/^[А-ЯЁA-Z].*:$/.test(l)) section = l;
        const others = NAMES.filter((n, i) => IDS[i] !== reader && l.includes(n));
        if (!others.length) continue;
        if (/ТВ/.test(l) && section !== 'Вы узнали:') leak(`ТВ of another player outside findings: ${l.trim()}`);
        if (/^Фракция /.test(l)) {
          // factions are named by number in the reports (№1 is F1)
          const fid = l.split(':')[0]!.replace('Фракция №', 'F');
          if (!factionsOf(s, reader).some((f) => f.id === fid)) leak(`a faction the reader is not in: ${l.trim()}`);
        }
      }
    }
  }
  return reports;
}

/**
 * The state with what the player may not know changed: the others' secret characters
 * (dealt among them again), their ТВ, cooldowns and gained abilities, the factions he is
 * not in, every lasting effect neither on him nor his, the acts remembered; and what the
 * others may have done to him unseen (his vote's strength taken, a blackmail waiting for
 * him). A forecast cannot tell the two apart.
 */
function othersChanged(state: GState, me: string, rng: SeededRng): GState {
  const s = structuredClone(state);
  const others = s.players.filter((p) => p.id !== me);
  const dealt = rng.shuffle(others.map((p) => p.character));
  others.forEach((p, i) => {
    Object.assign(p, { character: dealt[i]!, tv: rng.int(20), used: {}, mainHalf: null, extraHalf: null });
    Object.assign(p, { gainedCharacter: null, gainedRole: null, lost: [], bonusStat: null, voteChanges: rng.int(2) });
  });
  s.factions = s.factions.filter((f) => f.members.includes(me));
  // What others did to him in secret: his vote's strength taken, a blackmail waiting for his next move.
  const secret = new Set(['noVote', 'voteSteal']);
  const by = rng.pick(others).id;
  s.lasting = [
    ...s.lasting.filter((l) => l.by === me || (l.target === me && !secret.has(l.type))),
    { type: rng.pick(['noVote', 'voteSteal']), target: me, by, from: s.t, until: s.t + 3 },
  ];
  s.forced = [{ target: me, by, key: null, targets: [rng.pick(others).id], args: {} }];
  s.history = [];
  return s;
}

/** The writer's acknowledgement (what was understood, why a line was refused) and forecast of one line are the same with the others' secrets changed; was the line accepted? */
function sameWhateverOthersHold(s: GState, writer: string, line: string, rng: SeededRng): boolean {
  const lang = rng.int(2) ? 'ru' : 'en';
  const changed = othersChanged(s, writer, rng);
  const r = rules.parseOrders(line, { state: s, player: writer, lang });
  expect(rules.parseOrders(line, { state: changed, player: writer, lang }), line).toEqual(r);
  expect(forecastText(rules.forecast!(changed, writer, r.orders, lang)), line).toBe(
    forecastText(rules.forecast!(s, writer, r.orders, lang)),
  );
  return r.orders.length > 0;
}

describe('godfather forecasts (issue #33): a forecast shows nothing its reader may not know', () => {
  it('over seeded games and periods: the same forecast whatever the others are and hold; no other character named', () => {
    let forecasts = 0;
    let named = 0;
    let proxied = 0;
    for (let g = 0; g < 120; g++) {
      const rng = new SeededRng(`gf-forecast-secrecy-${g}`);
      let s = newGame({ days: 7 }, `fgame-${g}`);
      s = { ...s, t: 3 * rng.int(6) };
      for (let period = 0; period < 4 && !s.over; period++) {
        const orders = new Map<string, GOrder[]>();
        const texts = new Map<string, string>();
        for (const p of s.players.filter((x) => x.alive)) {
          texts.set(p.id, randomOrders(s, p.id, rng).join('\n'));
          orders.set(p.id, rules.parseOrders(texts.get(p.id)!, { state: s, player: p.id, lang: 'ru' }).orders);
        }
        for (const [id, os] of orders) {
          const lang = rng.int(3) ? 'ru' : 'en';
          const changed = othersChanged(s, id, rng);
          const text = forecastText(rules.forecast!(s, id, os, lang));
          const other = forecastText(rules.forecast!(changed, id, os, lang));
          expect(other, `game ${g} t ${s.t}: ${id}`).toBe(text);
          // and the acknowledgement itself: what was understood and why a line was refused
          const lines = texts.get(id)!;
          expect(
            rules.parseOrders(lines, { state: changed, player: id, lang }),
            `game ${g} t ${s.t}: ${id}: ${lines}`,
          ).toEqual(rules.parseOrders(lines, { state: s, player: id, lang }));
          const mine = s.players.find((p) => p.id === id)!.character;
          for (const c of charNames) if (c.slug !== mine) expect(c.re.test(text), `${id} reads ${c.slug}`).toBe(false);
          if (text) forecasts++;
        }
        // a Шантаж or a Кабальный договор on another (ruling godfather/blackmail-named-publicly): one writer a period
        const able = s.players.filter((p) => canAct(s, p.id));
        if (able.length > 1) {
          const sw = structuredClone(s);
          const w = rng.pick(able).id;
          const bondage = rng.int(2) === 0;
          Object.assign(player(sw, w), { role: bondage ? 'usurer' : 'courtier', vo: 8, used: {}, mainHalf: null });
          const target = rng.pick(sw.players.filter((p) => p.alive && p.id !== w)).id;
          const line =
            `ACT ${bondage ? 'bondage' : 'blackmail'} ${namedFor(sw, target, bondage, rng).join(' ')}`.trim();
          if (sameWhateverOthersHold(sw, w, line, rng)) named++;
        }
        // a fellow member's action through the leader's action or a proxy (ruling godfather/proxy-named-publicly): one
        // writer a period, leading a faction with the member, who may imitate a role or have lost an action
        if (able.length > 1) {
          const sp = structuredClone(s);
          const w = rng.pick(able).id;
          const member = rng.pick(sp.players.filter((p) => p.alive && p.id !== w)).id;
          const how = rng.pick(['cabin', 'lair', 'leader']);
          const role = how === 'cabin' ? 'shipwright' : how === 'lair' ? 'indian' : player(sp, w).role;
          Object.assign(player(sp, w), { role, used: {}, mainHalf: null });
          sp.factions = sp.factions.filter((f) => !f.members.includes(w) && !f.members.includes(member));
          sp.factions.push({
            id: 'F99',
            leader: w,
            members: [w, member],
            joined: { [w]: 0, [member]: 0 },
            expelDay: null,
          });
          if (rng.int(2)) {
            const mimic = { role: rng.pick(ROLE_SLUGS) };
            sp.lasting.push({ type: 'mimic', target: member, by: member, from: sp.t, until: sp.t + 3, params: mimic });
          }
          if (rng.int(2)) player(sp, member).lost = [rng.pick(heldActions(sp, member)).key];
          if (sameWhateverOthersHold(sp, w, `ACT ${how} ${forMember(sp, member, rng).join(' ')}`.trim(), rng))
            proxied++;
        }
        s = rules.adjudicate(s, orders, new SeededRng(`fs-${g}-${period}`), {
          phase: period + 1,
          deadline: null,
          messages: [],
          gm: NO_GM_INPUTS,
        }).state;
      }
    }
    expect(forecasts).toBeGreaterThan(2000);
    expect(named).toBeGreaterThan(200);
    expect(proxied).toBeGreaterThan(60);
  }, 120_000);
});

describe('godfather secrecy', () => {
  it(`${GAMES} random games: no report leaks what its reader may not know`, () => {
    const leaks: Leak[] = [];
    let reports = 0;
    for (let g = 0; g < GAMES; g++) reports += playGame(g, leaks);
    expect(reports).toBeGreaterThan(GAMES * 13);
    // the random games do exercise the revealing abilities
    for (const [k, v] of Object.entries(seen)) expect(v, k).toBeGreaterThan(0);
    const kinds = [...new Set(leaks.map((l) => l.what.replace(/PRIV\d+x\d+|ANON\d+x\d+/g, '#')))];
    expect(kinds.slice(0, 30)).toEqual([]);
    expect(leaks.slice(0, 5)).toEqual([]);
  }, 300_000);
});

const WEB_GAMES = 4;
const WEB_PERIODS = 4;

describe('godfather secrecy on the web (judge serve)', () => {
  it(`${WEB_GAMES} random games in a store: the public page holds no secret, and each player's page exactly that player's reports`, async () => {
    const j = testJudge();
    const base = demoScenarios.godfather!.setup as { seats: { id: string; name: string }[] };
    const names = new Map(base.seats.map((x) => [x.id, x.name]));
    const priv = new Map<string, { game: string; from: string; to: string[] }>();
    const anon = new Map<string, { game: string; author: string }>();
    const games: string[] = [];
    let msgNo = 0;
    for (let g = 0; g < WEB_GAMES; g++) {
      const game = `gfweb${g}`;
      games.push(game);
      createGame(j, {
        id: game,
        kind: 'godfather',
        setup: structuredClone(base),
        seed: String(100 + g),
        actor: 'test',
      });
      const rng = new SeededRng(`gf-web-${g}`);
      for (let period = 0; period < WEB_PERIODS; period++) {
        const phase = currentPhase(j.db, game)!;
        const st = JSON.parse(phase.state_json) as GState;
        if (st.over) break;
        const orders = new Map<string, GOrder[]>();
        for (const p of st.players.filter((x) => x.alive)) {
          const text = randomOrders(st, p.id, rng).join('\n');
          const r = rules.parseOrders(text, { state: st, player: p.id, lang: 'ru' });
          orders.set(p.id, r.orders);
          insertSubmission(j.db, {
            game_id: game,
            phase_number: phase.number,
            player_id: p.id,
            inbound_id: null,
            text,
            orders_json: JSON.stringify(r.orders),
            errors_json: JSON.stringify(r.errors),
            echo_json: JSON.stringify(r.echo),
            received_at: nowIso(j),
          });
          const others = st.players.filter((x) => x.alive && x.id !== p.id).map((x) => x.id);
          const mine: RelayedMessage[] = [];
          for (let k = rng.int(4); k > 0; k--) {
            const kind = rng.int(10) < 7 ? 'private' : rng.int(2) ? 'anonymous' : 'public';
            const token = `${kind === 'private' ? 'PRIV' : kind === 'anonymous' ? 'ANON' : 'PUB'}${g}x${msgNo++}Z`;
            const m = {
              line: k,
              kind: kind as RelayedMessage['kind'],
              to: kind === 'private' ? [rng.pick(others)] : [],
              text: `сообщение ${token} конец`,
            };
            if (rules.checkMessage!(st, p.id, m, mine, 'ru')) continue;
            mine.push(recordMessage(j.db, game, phase.number, p.id, m, nowIso(j), null));
            if (kind === 'private') priv.set(token, { game, from: p.id, to: m.to });
            if (kind === 'anonymous') anon.set(token, { game, author: p.id });
          }
        }
        // The GM answers what the document leaves undescribed (the decisions without a default).
        const asked = rules.gm!.decisions(st, orders, 'ru').filter((d) => d.default === null);
        if (asked.length)
          recordGmLines(
            j,
            requireGame(j.db, game),
            phase,
            asked.map(
              (d) =>
                `DECIDE ${d.id} ${d.type === 'int' ? (d.min ?? 0) : d.type === 'choice' ? d.choices![0] : 'ничего не произошло'}`,
            ),
            'test',
            null,
          );
        processPhase(j, game, 'test');
      }
    }
    const links = new Map(
      games.map((game) => [game, new Map(listPlayers(j.db, game).map((p) => [p.id, manageLink(j, game, p.id).url!]))]),
    );
    const server = await startServer(dbPath(j.dataDir), '127.0.0.1', 0);
    const local = (u: string) => u.replace(/^http:\/\/[^/]+/, server.url);
    const leaks: string[] = [];
    const seen = { pages: 0, privShown: 0, anonShown: 0 };
    try {
      for (const game of games) {
        const g = requireGame(j.db, game);
        const processed = livePhases(j.db, game)
          .filter((p) => p.processed_at)
          .reverse();
        const events = processed.map((p) => JSON.parse(p.events_json!) as GEvent[]);
        const pub = await fetchPage(`${server.url}/g/${game}`);
        expect(pub.status).toBe(200);
        expect(pub.reports).toHaveLength(processed.length);
        // 1. The public page: no character, no ТВ, no faction, no private text unless published, no anonymous author.
        for (const c of charNames) if (c.re.test(pub.text)) leaks.push(`${game} public: character ${c.slug}`);
        if (/ТВ[ :]+\d/.test(pub.text)) leaks.push(`${game} public: ТВ`);
        if (/[Фф]ракци/.test(pub.text)) leaks.push(`${game} public: faction`);
        for (const [token, m] of priv)
          if (
            m.game === game &&
            pub.text.includes(token) &&
            !events.flat().some((e) => e.type === 'published' && e.audience === 'all' && String(e.text).includes(token))
          )
            leaks.push(`${game} public: private ${token}`);
        for (const [token, a] of anon) {
          if (a.game !== game) continue;
          const line = pub.text.split('\n').find((l) => l.includes(token));
          if (line) seen.anonShown++;
          if (line?.includes(names.get(a.author)!)) leaks.push(`${game} public: the author of ${token}`);
        }
        // 2. Each player's page: exactly the reports the judge mails that player, and private texts only where an event lets the player read them.
        for (const [reader, url] of links.get(game)!) {
          const page = await fetchPage(local(url));
          seen.pages++;
          const seat = getPlayer(j.db, game, reader)!;
          const mails = processed.map((p, i) =>
            reportMail({
              rules,
              game: g,
              phase: p,
              next: livePhases(j.db, game).find((x) => x.number === p.number + 1)!,
              events: events[i]!,
              reader: seat,
              correction: false,
            }).text.replace(/\n+$/, ''),
          );
          // And, the oldest, the start (issue 30) as the start mail showed it.
          mails.push(positionMail(j, g, seat, { phase: livePhases(j.db, game)[0]! }).text.replace(/\n+$/, ''));
          if (JSON.stringify(page.reports) !== JSON.stringify(mails))
            leaks.push(`${game}/${reader}: the page is not the mailed reports`);
          for (const [token, m] of priv) {
            if (m.game !== game || !page.text.includes(token)) continue;
            seen.privShown++;
            if (!events.flat().some((e) => canSee(e.audience, reader) && JSON.stringify(e).includes(token)))
              leaks.push(`${game}/${reader}: private ${token} of ${m.from}`);
          }
        }
      }
      // A few pages in a real browser: the shown text of the public page has no character name.
      const browser = await launchBrowser();
      try {
        const page = await browser.newPage();
        for (const game of games.slice(0, 2)) {
          await page.goto(`${server.url}/g/${game}`);
          const shown = await page.locator('body').innerText();
          expect(shown).toContain(names.get(base.seats[0]!.id)!);
          for (const c of charNames) expect(c.re.test(shown), `${game}: ${c.slug}`).toBe(false);
        }
      } finally {
        await browser.close();
      }
    } finally {
      await server.close();
    }
    expect(leaks.slice(0, 10)).toEqual([]);
    expect(seen.pages).toBe(WEB_GAMES * 13);
    expect(seen.anonShown).toBeGreaterThan(0);
    // Private texts some players may read (revealed by their abilities) do reach their pages.
    expect(seen.privShown).toBeGreaterThan(0);
  }, 300_000);
});

describe('Godfather start and final mails (issue 30)', () => {
  it("each start mail shows the reader's role and secret character, never another's; the final mail reveals them all (ruling godfather/end-reveal)", () => {
    const setup = readSetupFile('games/godfather/setups/default.yaml');
    const sf = startAndFinal('godfather', setup, 1);
    const start = sf.start as GState;
    const name = (slug: string, lang: string) => character(slug).name[lang === 'ru' ? 'ru' : 'en'];
    for (const p of sf.players) {
      const me = start.players.find((x) => x.id === p.id)!;
      const text = sf.starts.get(p.id)!;
      expect(text, p.id).toContain(name(me.character, p.lang));
      for (const c of charNames) if (c.slug !== me.character) expect(text, `${p.id} sees ${c.slug}`).not.toMatch(c.re);
    }
    const end = sf.end as GState;
    for (const [who, body] of sf.finals) {
      const lang = who === 'gm' ? 'ru' : sf.players.find((p) => p.id === who)!.lang;
      for (const x of end.players) expect(body, `${who}: ${x.id}`).toContain(name(x.character, lang));
    }
  });
});
