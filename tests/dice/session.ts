// A scripted rpg session by mail under `judge run`, in one language (en, cs, ru),
// for the tests that read every mail it produces: the language test (no English
// in a Czech or Russian mail) and the verification recipe (every roll recomputed
// without the judge's code). Two rounds touch every order, every option, the
// GM's lines and the reveal, with a few bad lines so that errors are mailed too:
//
//  R1  anna: a public roll, a GaussD20 check with difficulty, modifier and luck, a
//      success-dice check toward a trial with advantage, an inverse median roll with
//      a copy, a madness series, horror, an opposed check and a passive attack on an
//      NPC, her sheet, a hidden and a secret check, a roll that waits, checks toward
//      an exploration and a survival trial, and six bad lines.
//      boris: an attack on anna (helpless), an opposed check on her, a horror series,
//      an untrained check.
//      GM: hidden rolls (an NPC's attack, a plain spec, a check for anna copied to her),
//      opens a trial, changes a sheet, narrative, a bulletin, one unknown line.
//  R2  anna and boris: a team check toward the GM's trial; boris a check; the GM rules
//      the cellar's cheat met and reveals the dice.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { clientMail } from '../../src/cli/demo.js';
import { runOnce } from '../../src/cli/mail.js';
import { createGame } from '../../src/engine/create-game.js';
import type { Lang } from '../../src/engine/types.js';
import { getGame } from '../../src/store/games.js';
import { listOutbox, type OutboxRow } from '../../src/store/outbox.js';
import { testJudge, type TestJudge } from '../helpers.js';

const H = 3_600_000;

/** What a player of each language types: keywords, option words, names. */
const T = {
  en: {
    title: 'The Black Raven Keep',
    game: 'GAME',
    end: 'END',
    gm: 'GM',
    roll: 'ROLL',
    check: 'CHECK',
    median: 'MEDIAN',
    madness: 'MADNESS',
    horror: 'HORROR',
    opposed: 'OPPOSED',
    attack: 'ATTACK',
    sheet: 'SHEET',
    decide: 'DECIDE',
    narrative: 'NARRATIVE',
    bulletin: 'BULLETIN',
    copy: 'copy',
    public: 'public',
    hidden: 'hidden',
    secret: 'secret',
    wait: 'wait',
    adv: 'adv',
    trial: 'trial',
    team: 'team',
    luck: 'luck',
    vs: 'vs',
    def: 'def',
    passive: 'passive',
    helpless: 'helpless',
    series: 'series',
    outside: 'outside',
    untrained: 'untrained',
    hard: 'hard',
    hard004: 'hard',
    medium: 'medium',
    average: 'average',
    yes: 'yes',
    success: 'success',
    skill: { lock: 'lockpicking', stealth: 'stealth', strength: 'strength', search: 'search', endurance: 'endurance' },
    skill2: { axe: 'axe', parry: 'parry', dodge: 'dodge', spear: 'spear', knife: 'knife' },
    npc: { id: 'guard', name: 'Gate Guard' },
    trials: { cellar: 'cellar', library: 'library', blizzard: 'blizzard', gate: 'gate', ram: 'ram' },
    names: { anna: 'Anna the Nimble', boris: 'Boris Axe' },
    words: {
      weather: 'the weather',
      wound: 'wounds',
      gate: 'Break the gate; progress 2; risk 2; difficulty medium; kind harder; success the gate falls; failure the alarm',
      story: 'The guard staggers but stands.',
      news: 'A storm over the keep.',
      cellar: 'The cellar',
      library: 'The library',
      blizzard: 'The blizzard',
    },
  },
  cs: {
    title: 'Pevnost Černého havrana',
    game: 'HRA',
    end: 'KONEC',
    gm: 'GM',
    roll: 'HOD',
    check: 'TEST',
    median: 'MEDIÁN',
    madness: 'ŠÍLENSTVÍ',
    horror: 'HRŮZA',
    opposed: 'PROTI',
    attack: 'ÚDER',
    sheet: 'DENÍK',
    decide: 'ROZHODNUTÍ',
    narrative: 'VYPRÁVĚNÍ',
    bulletin: 'ZPRÁVY',
    copy: 'kopie',
    public: 'všem',
    hidden: 'skrytě',
    secret: 'tajně',
    wait: 'čekat',
    adv: 'výhoda',
    trial: 'výzva',
    team: 'tým',
    luck: 'štěstí',
    vs: 'obtížnost',
    def: 'obrana',
    passive: 'pasivně',
    helpless: 'bezbranný',
    series: 'série',
    outside: 'mimo',
    untrained: 'necvičený',
    hard: 'těžká',
    hard004: 'těžké',
    medium: 'střední',
    average: 'průměrná',
    yes: 'ano',
    success: 'úspěch',
    skill: { lock: 'páčení', stealth: 'plížení', strength: 'síla', search: 'hledání', endurance: 'výdrž' },
    skill2: { axe: 'sekera', parry: 'kryt', dodge: 'úhyb', spear: 'kopí', knife: 'nůž' },
    npc: { id: 'strážný', name: 'Strážný brány' },
    trials: { cellar: 'sklep', library: 'knihovna', blizzard: 'vánice', gate: 'brána', ram: 'beran' },
    names: { anna: 'Anna Hbitá', boris: 'Boris Sekera' },
    words: {
      weather: 'počasí',
      wound: 'zranění',
      gate: 'Vyrazit bránu; postup 2; riziko 2; obtížnost střední; typ ztěžování; úspěch brána padla; neúspěch poplach',
      story: 'Strážný zavrávoral, ale ustál to.',
      news: 'Nad pevností se bouří.',
      cellar: 'Sklep',
      library: 'Knihovna',
      blizzard: 'Vánice',
    },
  },
  ru: {
    title: 'Крепость Чёрного Ворона',
    game: 'ИГРА',
    end: 'КОНЕЦ',
    gm: 'ВЕДУЩИЙ',
    roll: 'БРОСОК',
    check: 'ПРОВЕРКА',
    median: 'МЕДИАНА',
    madness: 'БЕЗУМИЕ',
    horror: 'УЖАС',
    opposed: 'ПРОТИВ',
    attack: 'АТАКА',
    sheet: 'ЛИСТ',
    decide: 'РЕШЕНИЕ',
    narrative: 'РАССКАЗ',
    bulletin: 'НОВОСТИ',
    copy: 'копия',
    public: 'всем',
    hidden: 'скрыто',
    secret: 'тайно',
    wait: 'ждать',
    adv: 'преимущество',
    trial: 'испытание',
    team: 'команда',
    luck: 'удача',
    vs: 'сложность',
    def: 'защита',
    passive: 'пассивно',
    helpless: 'беспомощен',
    series: 'серия',
    outside: 'вне',
    untrained: 'необученный',
    hard: 'сложная',
    hard004: 'Тяжело',
    medium: 'Средне',
    average: 'средняя',
    yes: 'да',
    success: 'успех',
    skill: { lock: 'взлом', stealth: 'скрытность', strength: 'сила', search: 'поиск', endurance: 'выносливость' },
    skill2: { axe: 'секира', parry: 'парирование', dodge: 'уклонение', spear: 'копьё', knife: 'нож' },
    npc: { id: 'страж', name: 'Страж ворот' },
    trials: { cellar: 'погреб', library: 'библиотека', blizzard: 'буран', gate: 'ворота', ram: 'таран' },
    names: { anna: 'Анна Ловкая', boris: 'Борис Секира' },
    words: {
      weather: 'погода',
      wound: 'раны',
      gate: 'Выбить ворота; прогресс 2; риск 2; сложность Средне; тип усложнение; успех ворота пали; провал подняли тревогу',
      story: 'Страж пошатнулся, но устоял.',
      news: 'Над крепостью гроза.',
      cellar: 'Погреб',
      library: 'Библиотека',
      blizzard: 'Буран',
    },
  },
} as const;

export const SESSION_WORDS = T;

export interface Session {
  j: TestJudge;
  game: string;
  lang: Lang;
  /** Every mail the session queued, oldest first. */
  mails: OutboxRow[];
  to: (m: OutboxRow) => string;
  /** The game's whole seed as stored: playSession(lang, numbers, seed, true) plays the same rolls again. */
  seed: string;
}

const PASSWORDS = { anna: 'sova', boris: 'volk' };

function setup(lang: Lang, numbers: 'shown' | 'hidden') {
  const t = T[lang];
  return {
    title: t.title,
    lang,
    gm: { email: 'gm@example.org', name: 'GM', password: 'gm-secret', lang },
    timezone: 'UTC',
    schedule: { every: '48h' },
    instant: true,
    numbers,
    system: 'gauss20',
    seats: (['anna', 'boris'] as const).map((id) => ({
      id,
      name: t.names[id],
      email: `${id}@example.org`,
      password: PASSWORDS[id],
      lang,
    })),
    sheets: {
      anna: {
        name: t.names.anna,
        luck: 6,
        intellect: 6,
        skills: {
          [t.skill.lock]: 10,
          [t.skill2.dodge]: 6,
          [t.skill2.knife]: 4,
          [t.skill.stealth]: '3dS',
          [t.skill.strength]: '2dS',
          [t.skill.search]: '2dS',
          [t.skill.endurance]: '2dS',
        },
        traits: ['x'],
        resources: { [t.words.wound]: 0 },
        weapon: { name: t.skill2.knife, skill: t.skill2.knife, damage: '1d4' },
        defence: t.skill2.dodge,
      },
      boris: {
        name: t.names.boris,
        skills: { [t.skill2.axe]: 8, [t.skill2.parry]: 6, [t.skill.strength]: '3dS' },
        weapon: { name: t.skill2.axe, skill: t.skill2.axe, damage: '1d10+2', penetration: 1 },
        armour: { name: 'x', bonus: 2, penalty: -1 },
        defence: t.skill2.parry,
      },
    },
    npcs: {
      [t.npc.id]: {
        name: t.npc.name,
        skills: { [t.skill2.spear]: 8, [t.skill2.parry]: 8 },
        weapon: { name: t.skill2.spear, skill: t.skill2.spear, damage: '1d8' },
        armour: { name: 'x', bonus: 3, penalty: -2 },
        defence: t.skill2.parry,
      },
    },
    trials: [
      { id: t.trials.cellar, name: t.words.cellar, progress: 3, risk: 3, difficulty: 2, cheat: 'x' },
      { id: t.trials.library, name: t.words.library, kind: 'exploration', progress: 2, difficulty: 1 },
      { id: t.trials.blizzard, name: t.words.blizzard, kind: 'survival', risk: 2, difficulty: 1 },
    ],
  };
}

/** Play the session; the judge and every mail it queued. */
export async function playSession(
  lang: Lang,
  numbers: 'shown' | 'hidden' = 'shown',
  seed?: string,
  exactSeed = false,
): Promise<Session> {
  const t = T[lang];
  const j = testJudge();
  mkdirSync(j.inboxDir, { recursive: true });
  const game = `stul-${lang}`;
  createGame(j, { id: game, kind: 'rpg', setup: setup(lang, numbers), seed, exactSeed, actor: 'test' });
  let n = 0;
  const drop = async (from: string, text: string) => {
    const raw = await clientMail({
      from,
      to: 'judge@localhost',
      subject: 'x',
      text,
      date: new Date(j.clock().getTime()),
    });
    writeFileSync(join(j.inboxDir, `${String(++n).padStart(3, '0')}.eml`), raw);
  };
  const block = (id: 'anna' | 'boris', lines: string[]) =>
    drop(`${id}@example.org`, `${t.game} ${game} ${id} ${PASSWORDS[id]}\n${lines.join('\n')}\n${t.end}\n`);
  const gmBlock = (lines: string[]) =>
    drop('gm@example.org', `${t.gm} ${game} gm-secret\n${lines.join('\n')}\n${t.end}\n`);
  const run = () => runOnce(j, () => {});
  const s = t.skill;
  const tr = t.trials;
  // Round 1.
  await block('anna', [
    `${t.roll} 3d6+2 ${t.public} # ${t.words.weather}`,
    `${t.check} ${s.lock} ${t.hard} +2 ${t.luck}:7`,
    `${t.check} ${s.stealth} ${t.trial}:${tr.cellar} ${t.adv}`,
    `${t.median} 6-15 ${t.outside} +1 ${t.copy}:boris`,
    `${t.madness} +1 ${t.series}`,
    `${t.horror}`,
    `${t.opposed} ${t.npc.id} ${t.def}:+2`,
    `${t.attack} ${t.npc.id} ${t.passive}`,
    t.sheet,
    `${t.check} ${s.lock} ${t.hidden}`,
    `${t.check} ${s.stealth} ${t.secret}`,
    `${t.roll} 2d6 ${t.wait}`,
    `${t.check} ${s.search} ${t.trial}:${tr.library}`,
    `${t.check} ${s.endurance} ${t.trial}:${tr.blizzard}`,
    `${t.check} ${s.stealth} ${t.trial}:`,
    `${t.roll} 5dS ${t.vs}:x`,
    `${t.madness} +x`,
    `${t.check} ${s.stealth} ${t.hard004} ${t.trial}:${tr.cellar}`,
    'FOO 3',
    `${t.median} 30`,
  ]);
  await run();
  await block('boris', [
    `${t.attack} anna ${t.skill2.axe} ${t.helpless}`,
    `${t.opposed} anna`,
    `${t.horror} ${t.series}`,
    `${t.check} ${t.untrained}`,
  ]);
  await gmBlock([
    `${t.roll} ${t.npc.id}: ${t.attack} boris`,
    `${t.roll} 4dF ${t.words.weather}`,
    `${t.roll} anna: ${t.check} ${s.lock} ${t.copy}:anna`,
    `${t.decide} trial:${tr.gate} ${t.words.gate}`,
    `${t.decide} set:boris.resource.${t.words.wound} 1`,
    `${t.narrative} boris ${t.words.story}`,
    `${t.bulletin} ${t.words.news}`,
    `${t.decide} foo 1`,
  ]);
  await run();
  j.advance(49 * H);
  await run();
  // Round 2.
  await block('anna', [`${t.check} ${s.strength} ${t.team}:${tr.ram} ${t.trial}:${tr.gate}`]);
  await block('boris', [
    `${t.check} ${s.strength} ${t.team}:${tr.ram} ${t.trial}:${tr.gate}`,
    `${t.check} ${t.skill2.parry} ${t.average}`,
  ]);
  await gmBlock([`${t.decide} trial:${tr.cellar} ${t.success}`, `${t.decide} dice:reveal ${t.yes}`]);
  await run();
  j.advance(49 * H);
  await run();
  const to = (m: OutboxRow) => JSON.parse(m.to_addrs)[0] as string;
  return { j, game, lang, mails: listOutbox(j.db), to, seed: getGame(j.db, game)!.seed };
}
