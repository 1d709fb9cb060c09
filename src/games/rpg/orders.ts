// The orders of the dice server, one per line, with the words of three
// languages (messages.ts):
//   ROLL <spec> [options] [comment]                 any dice (001, 004, FUDGE, NdM)
//   CHECK <skill> [difficulty] [±N] [options]       a check by skill name against the sheet
//   MEDIAN <half-width | a-b> [outside] [±N]        001's median roll (or its inverse)
//   MADNESS | HORROR [±N] [series]                  001's madness and horror checks
//   OPPOSED <character> [±N] [def:±N]               001's opposed check (the character defends)
//   ATTACK <character> [skill] [±N] [passive|helpless]   001's combat with active defence
//   SHEET                                           my character sheet
// Options anywhere before the comment: copy:<players>, public, hidden, secret,
// wait, trial:<id>, team:<id>, luck:N, vs:D, adv, dis. The comment is what
// follows, or the text after #, -- or a spaced dash.
import type { Lang, LineError, OrderContext, OrderEcho, ParseResult, PlayerId } from '../../engine/types.js';
import { fold } from '../../text-fold.js';
import {
  GAUSS,
  GAUSS_DIFFICULTIES,
  GAUSS_TABLE,
  ladderWords,
  parseSpecWords,
  specErrorMessage,
  splitWords,
  SUCCESS_TABLE,
} from '../../dice/index.js';
import { describeOrder, difficultyName } from './describe.js';
import {
  ERR,
  FLAGS,
  KEYWORDS,
  MAX_ROLLS,
  msg,
  OPTION_WORD,
  SHEET_ORDERS,
  VALUE_OPTIONS,
  type Flag,
} from './messages.js';
import { findSheet, key, matchSkill, sheetOf, skillList, skillSystem } from './sheets.js';
import { findTrial, nextDifficulty } from './trials.js';
import type { RpgOrder, RpgState, RpgSystem, Sheet } from './types.js';

/** The explicit comment after "#", "--" or a spaced dash (– —), and the text before it. */
function splitComment(line: string): { body: string; comment: string } {
  const m = /#|--|\s[–—]\s/.exec(line);
  if (!m) return { body: line, comment: '' };
  return { body: line.slice(0, m.index), comment: line.slice(m.index + m[0].length).trim() };
}

const langOf = (l: Lang): Lang => (l === 'en' || l === 'cs' || l === 'ru' ? l : 'en');
const MODIFIER = /^[+−-]\d+$/;
const num = (w: string) => Number(w.replace('−', '-'));

class OrderError extends Error {}

const DIFFICULTY_WORDS = {
  gauss20: ladderWords(GAUSS_TABLE.difficulties),
  success: ladderWords(SUCCESS_TABLE.difficulties),
};

/** The longest run of words at the head naming a difficulty of the system. */
function matchDifficulty(system: RpgSystem, words: string[]): { value: number; used: number } | null {
  const table = DIFFICULTY_WORDS[system];
  for (let n = Math.min(3, words.length); n > 0; n--) {
    const k = key(words.slice(0, n).join(' '));
    const hit = table.find((w) => key(w.words) === k);
    if (hit) return { value: hit.value, used: n };
  }
  return null;
}

/** The longest run of words at the head naming a character (id or name). */
function matchCharacter(state: RpgState, words: string[]): { sheet: Sheet; used: number } | null {
  for (let n = Math.min(4, words.length); n > 0; n--) {
    const s = findSheet(state, words.slice(0, n).join(' '));
    if (s) return { sheet: s, used: n };
  }
  return null;
}

const characters = (state: RpgState) =>
  Object.values(state.sheets)
    .map((s) => (s.name !== s.id ? `${s.id} (${s.name})` : s.id))
    .join(', ') || '—';

interface Options {
  copies: PlayerId[];
  trial: string | null;
  team: string | null;
  luck: number | null;
  vs: number | null;
  def: number | null;
  flags: Set<Flag>;
  adv: number;
}

/** Take the key:value options out of the words (anywhere); what is left keeps its order. */
function pullValueOptions(
  state: RpgState,
  words: string[],
  lang: Lang,
  keepForSpec: boolean,
): { words: string[]; o: Options } {
  const o: Options = { copies: [], trial: null, team: null, luck: null, vs: null, def: null, flags: new Set(), adv: 0 };
  const seen = new Set<string>();
  const out: string[] = [];
  for (const w of words) {
    const m = /^([\p{L}]+):(.*)$/u.exec(w);
    const opt = m ? VALUE_OPTIONS[fold(m[1]!)] : undefined;
    if (!m || !opt) {
      out.push(w);
      continue;
    }
    const value = m[2]!;
    const bad = (why: string): never => {
      throw new OrderError(msg(ERR.badOption, lang, { w, why }));
    };
    // An option with nothing after the colon is a mistake, never a comment ("испытание:" with no trial id).
    if (!value) bad(ERR.noValue[lang]);
    if (seen.has(opt)) bad(ERR.duplicate[lang]);
    seen.add(opt);
    switch (opt) {
      case 'copy':
        for (const p of value.split(',').filter(Boolean)) {
          const seat = state.players.find((x) => key(x.id) === key(p) || key(x.name) === key(p));
          if (!seat) bad(msg(ERR.unknownPlayer, lang, { w: p, list: state.players.map((x) => x.id).join(', ') }));
          if (!o.copies.includes(seat!.id)) o.copies.push(seat!.id);
        }
        break;
      case 'trial':
        o.trial = value;
        break;
      case 'team':
        o.team = value;
        break;
      case 'luck':
      case 'vs':
      case 'def': {
        if (!/^[+−-]?\d+$/.test(value)) bad(ERR.notNumber[lang]);
        if (keepForSpec && opt !== 'def') {
          out.push(`${opt}:${num(value)}`); // ROLL: the spec parser reads luck: and vs:
          break;
        }
        o[opt] = num(value);
        if (opt === 'luck' && (o.luck! < GAUSS.luck.min || o.luck! > GAUSS.luck.max)) bad(ERR.luckRange[lang]);
      }
    }
  }
  return { words: out, o };
}

/** A word with the shape of a modifier: a sign and something after it (+2, -1, +x). */
const MODIFIER_SHAPE = /^[+−-][\p{L}\p{N}]/u;

/**
 * Flags and ±N modifiers at the head of `words`; the first other word starts the comment. A word
 * with the shape of a modifier that is not one (+x), or a modifier where the order takes none
 * (ROLL: it goes with the dice), is refused with the reason, never read as the comment.
 */
function takeFlags(words: string[], o: Options, mods: number[] | null, lang: Lang): string[] {
  let i = 0;
  for (; i < words.length; i++) {
    const w = words[i]!;
    const f = FLAGS[fold(w)];
    if (f === 'adv' || f === 'dis') o.adv += f === 'adv' ? 1 : -1;
    else if (f) o.flags.add(f);
    else if (mods && MODIFIER.test(w)) mods.push(num(w));
    else if (MODIFIER_SHAPE.test(w))
      throw new OrderError(msg(!mods && MODIFIER.test(w) ? ERR.rollModifier : ERR.badModifier, lang, { w }));
    else break;
  }
  return words.slice(i);
}

const advantageOf = (n: number) => (n > 0 ? 'adv' : n < 0 ? 'dis' : 'none') as RpgOrder['advantage'];

/** One order line read for a character (the player's own, or the GM's choice); throws OrderError. */
export function readOrder(
  state: RpgState,
  player: PlayerId | 'gm',
  actor: Sheet | null,
  text: string,
  line: number,
  lang: Lang,
): RpgOrder {
  const { body, comment } = splitComment(text);
  const all = splitWords(body);
  const keyword = all[0] ?? '';
  const type = KEYWORDS[fold(keyword)];
  const hasSheets = Object.keys(state.sheets).length > 0;
  if (!type || (SHEET_ORDERS.has(type) && !hasSheets))
    throw new OrderError(msg(ERR.unknownOrder, lang, { w: keyword, sheets: hasSheets ? '' : ERR.needSheets[lang] }));
  const { words, o } = pullValueOptions(state, all.slice(1), lang, type === 'roll');
  const mods: number[] = [];
  const order: RpgOrder = { type, line, comment: '' };
  const fail = (m: string): never => {
    throw new OrderError(m);
  };
  const needActor = (): Sheet => actor ?? fail(ERR.noSheet[lang]);
  const gaussOnly = () => fail(msg(ERR.gaussOnly, lang, { w: keyword }));
  let rest: string[];
  switch (type) {
    case 'roll': {
      // Localized adv/dis words are the spec's adv/dis.
      const ws = words.map((w) => {
        const f = FLAGS[fold(w)];
        return f === 'adv' ? 'adv' : f === 'dis' ? 'dis' : w;
      });
      const r = parseSpecWords(ws);
      if (!r.ok) fail(specErrorMessage(r.error, lang));
      if (r.ok) order.spec = r.spec;
      rest = takeFlags(r.ok ? r.rest.filter((w, i) => !(i === 0 && /^[-–—]$/.test(w))) : [], o, null, lang);
      break;
    }
    case 'check': {
      const sheet = needActor();
      const first = FLAGS[fold(words[0] ?? '')];
      let ws = words;
      if (first === 'untrained' && state.system === 'gauss20') {
        order.skill = null;
        ws = words.slice(1);
      } else {
        const m = matchSkill(sheet, words);
        if (!m)
          fail(
            words.length
              ? msg(ERR.noSkill, lang, { w: words[0]!, who: sheet.name, list: skillList(sheet) })
              : msg(ERR.noSkillGiven, lang, { list: skillList(sheet) }),
          );
        order.skill = m!.skill;
        ws = words.slice(m!.used);
      }
      const sys = skillSystem(state, sheet, order.skill);
      const d = matchDifficulty(sys, ws);
      if (d) ws = ws.slice(d.used);
      else if (sys === 'success' && /^\d+$/.test(ws[0] ?? '')) {
        order.difficulty = Number(ws[0]);
        ws = ws.slice(1);
      }
      if (d) order.difficulty = d.value;
      if (o.vs !== null) {
        if (order.difficulty !== undefined)
          fail(msg(ERR.badOption, lang, { w: `${OPTION_WORD[lang].vs}:${o.vs}`, why: ERR.duplicate[lang] }));
        if (sys === 'gauss20' && !(o.vs in GAUSS_DIFFICULTIES))
          fail(
            msg(ERR.badDifficulty, lang, {
              w: `${OPTION_WORD[lang].vs}:${o.vs}`,
              list: Object.keys(GAUSS_DIFFICULTIES).join(', '),
            }),
          );
        if (sys === 'success' && o.vs < 1)
          fail(msg(ERR.badDifficulty, lang, { w: `${OPTION_WORD[lang].vs}:${o.vs}`, list: '1..6' }));
        order.difficulty = o.vs;
      }
      order.difficulty ??= null;
      rest = takeFlags(ws, o, mods, lang);
      if (sys === 'success' && mods.length)
        fail(msg(ERR.noModifier, lang, { w: mods.map((m) => (m >= 0 ? `+${m}` : `${m}`)).join(' ') }));
      if ((o.trial || o.team) && sys !== 'success') fail(ERR.trialGauss[lang]);
      if (o.luck !== null && sys !== 'gauss20')
        fail(
          msg(ERR.badOption, lang, {
            w: `${OPTION_WORD[lang].luck}:${o.luck}`,
            why: msg(ERR.notHere, lang, { w: keyword }),
          }),
        );
      break;
    }
    case 'median': {
      const w = words[0] ?? '';
      const r = /^(\d+)$/.exec(w);
      const ab = /^(\d+)[-–](\d+)$/.exec(w);
      const hw = GAUSS_TABLE.median.halfWidth;
      if (r && Number(r[1]) >= hw.min && Number(r[1]) <= hw.max)
        order.window = {
          low: GAUSS_TABLE.median.centreLow - Number(r[1]),
          high: GAUSS_TABLE.median.centreHigh + Number(r[1]),
        };
      else if (ab && Number(ab[1]) <= Number(ab[2]) && Number(ab[1]) >= GAUSS.min && Number(ab[2]) <= GAUSS.max)
        order.window = { low: Number(ab[1]), high: Number(ab[2]) };
      else fail(msg(ERR.badWindow, lang, { w: w || keyword, n: `${hw.min}..${hw.max}` }));
      rest = takeFlags(words.slice(1), o, mods, lang);
      order.outside = o.flags.has('outside');
      break;
    }
    case 'madness':
    case 'horror':
      needActor();
      rest = takeFlags(words, o, mods, lang);
      order.series = o.flags.has('series');
      break;
    case 'opposed':
    case 'attack': {
      const me = needActor();
      const t = matchCharacter(state, words);
      if (!t)
        fail(
          words.length
            ? msg(ERR.noCharacter, lang, { w: words[0]!, list: characters(state) })
            : msg(ERR.noTarget, lang, { list: characters(state) }),
        );
      if (t!.sheet.id === me.id) fail(ERR.self[lang]);
      order.target = t!.sheet.id;
      let ws = words.slice(t!.used);
      if (type === 'attack') {
        const m = matchSkill(me, ws);
        order.skill = m ? m.skill : (me.weapon?.skill ?? null);
        if (m) ws = ws.slice(m.used);
        if (order.skill === null) fail(msg(ERR.noSkillGiven, lang, { list: skillList(me) }));
        if (!(order.skill! in me.skills))
          fail(msg(ERR.noSkill, lang, { w: order.skill!, who: me.name, list: skillList(me) }));
        if (skillSystem(state, me, order.skill) !== 'gauss20') gaussOnly();
      }
      rest = takeFlags(ws, o, mods, lang);
      if (o.def !== null) order.defenderBonus = o.def;
      order.passive = o.flags.has('passive');
      order.helpless = o.flags.has('helpless');
      break;
    }
    case 'sheet':
      needActor();
      rest = takeFlags(words, o, null, lang);
      break;
  }
  if (o.def !== null && type !== 'opposed' && type !== 'attack')
    fail(
      msg(ERR.badOption, lang, { w: `${OPTION_WORD[lang].def}:${o.def}`, why: msg(ERR.notHere, lang, { w: keyword }) }),
    );
  if (o.luck !== null) {
    if (type === 'check') order.luck = o.luck;
    else if (type !== 'roll')
      fail(
        msg(ERR.badOption, lang, {
          w: `${OPTION_WORD[lang].luck}:${o.luck}`,
          why: msg(ERR.notHere, lang, { w: keyword }),
        }),
      );
  }
  if (o.vs !== null && type !== 'check' && type !== 'roll')
    fail(
      msg(ERR.badOption, lang, { w: `${OPTION_WORD[lang].vs}:${o.vs}`, why: msg(ERR.notHere, lang, { w: keyword }) }),
    );
  if ((o.trial || o.team) && type !== 'check')
    fail(
      msg(ERR.badOption, lang, {
        w: o.trial ? `${OPTION_WORD[lang].trial}:${o.trial}` : `${OPTION_WORD[lang].team}:${o.team}`,
        why: msg(ERR.notHere, lang, { w: keyword }),
      }),
    );
  if (o.trial) {
    const t = findTrial(state.trials, o.trial);
    const open =
      state.trials
        .filter((x) => x.status === 'open')
        .map((x) => x.id)
        .join(', ') || '—';
    if (t?.status !== 'open') fail(msg(ERR.noTrial, lang, { w: o.trial, list: open }));
    order.trial = t!.id;
    // A check toward a trial is made at the trial's difficulty: a different one named in the order is refused.
    const at = nextDifficulty(t!);
    if (order.difficulty !== null && order.difficulty !== undefined && order.difficulty !== at)
      fail(
        msg(ERR.trialDifficulty, lang, {
          w: difficultyName('success', order.difficulty, lang),
          trial: t!.id,
          d: difficultyName('success', at, lang),
        }),
      );
  }
  if (o.team) order.team = key(o.team);
  if (type === 'check') order.advantage = advantageOf(o.adv);
  else if (o.adv !== 0 && type !== 'roll')
    fail(
      msg(ERR.badOption, lang, {
        w: OPTION_WORD[lang][o.adv > 0 ? 'adv' : 'dis'],
        why: msg(ERR.notHere, lang, { w: keyword }),
      }),
    );
  if (type === 'roll' && order.spec && o.adv !== 0) {
    const net = (order.spec.advantage === 'adv' ? 1 : order.spec.advantage === 'dis' ? -1 : 0) + o.adv;
    order.spec = { ...order.spec, advantage: advantageOf(net)! };
  }
  if (mods.length) order.modifier = mods.reduce((a, b) => a + b, 0);
  if (o.copies.length) order.copies = o.copies;
  if (o.flags.has('public')) order.public = true;
  if (o.flags.has('hidden')) order.hidden = true;
  if (o.flags.has('secret')) order.secret = true;
  if (actor && player === 'gm') order.actor = actor.id;
  // What waits for the phase: team checks, secret actions, acts against another player's character, and what the player says should wait.
  const target = order.target ? state.sheets[order.target] : undefined;
  order.wait = !!(o.flags.has('wait') || order.secret || order.team || (target && target.player !== null));
  order.comment = [...rest!, comment].filter((s) => s !== '').join(' ');
  return order;
}

export function parseOrders(text: string, ctx: OrderContext<RpgState>): ParseResult<RpgOrder> {
  const orders: RpgOrder[] = [];
  const errors: LineError[] = [];
  const echo: OrderEcho[] = [];
  const lang = langOf(ctx.lang); // never throw on a stray language
  const actor = sheetOf(ctx.state, ctx.player) ?? null;
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    try {
      const order = readOrder(ctx.state, ctx.player, actor, trimmed, line, lang);
      if (orders.length >= MAX_ROLLS) throw new OrderError(msg(ERR.tooMany, lang, { n: MAX_ROLLS }));
      orders.push(order);
      echo.push({ line, text: trimmed, understood: describeOrder(ctx.state, order, ctx.player, lang) });
    } catch (e) {
      if (!(e instanceof OrderError)) throw e;
      errors.push({ line, text: trimmed, reason: e.message });
    }
  });
  return { orders, errors, echo };
}

export { OrderError };
