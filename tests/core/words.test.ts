// Grammatical gender and plurals in the judge's common mails: Fluent messages
// (templates/common/<lang>/common.ftl) through the {{t}} helper, a seat's gender
// from the setup or inferred from the name, and no hedges like «выбыл(а)» left.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createGame } from '../../src/engine/create-game.js';
import { ejectPlayer, replacePlayer } from '../../src/engine/gm.js';
import { playerGender, setupWithSeat } from '../../src/engine/seats.js';
import { commonSetupSchema } from '../../src/engine/setup-file.js';
import { inferGender } from '../../src/render/gender.js';
import { builtinTemplateDir, message, messageFiles, render } from '../../src/render/templates.js';
import { inferGender as godfatherInfer } from '../../src/games/godfather/words.js';
import { setup as godfatherSetup, replaceSeat } from '../../src/games/godfather/setup.js';
import { SeededRng } from '../../src/engine/rng.js';
import { getGame } from '../../src/store/games.js';
import { currentPhase } from '../../src/store/phases.js';
import { listOutbox } from '../../src/store/outbox.js';
import { processPhase } from '../../src/engine/pipeline.js';
import { unpackPage } from '../../src/render/page-css.js';
import { tempDir, testJudge } from '../helpers.js';
import type { Lang } from '../../src/engine/types.js';

const LANGS: Lang[] = ['ru', 'cs', 'en'];
const common = (lang: Lang, id: string, args: Record<string, unknown> = {}) => {
  const errors: Error[] = [];
  const out = message('common', lang, id, args, errors);
  expect(errors, `${lang} ${id}: ${errors.map((e) => e.message).join('; ')}`).toEqual([]);
  return out;
};

describe('a name’s grammatical gender (src/render/gender.ts)', () => {
  it.each([
    ['Анна', 'f'],
    ['Мария Петровна', 'f'],
    ['Любовь', 'f'],
    ['Татьяна Петрова', 'f'],
    ['Иван', 'm'],
    ['Никита', 'm'],
    ['Илья', 'm'],
    ['Саша', 'm'],
    ['Игрок05', 'm'],
    ['Jana Nováková', 'f'],
    ['Šárka', 'f'],
    ['Marie', 'f'],
    ['Lucie', 'f'],
    ['Dagmar', 'f'],
    ['Petr', 'm'],
    ['Honza', 'm'],
    ['Jirka', 'm'],
    ['Nováček', 'm'],
    ['Vera', 'f'],
    ['Kate', 'f'],
    ['Alice', 'f'],
    ['Jack', 'm'],
    ['Boris', 'm'],
    ['', 'm'],
  ])('%s → %s', (name, g) => expect(inferGender(name)).toBe(g));

  it('is the one Godfather uses', () => {
    expect(godfatherInfer).toBe(inferGender);
  });
});

describe('gendered phrases, f and m', () => {
  const g = { name: 'Анна', player: 'p03', email: 'p03@example.ru', missed: 3, title: 'Тест', game: 'g1' };
  it.each([
    ['ru', 'ejected-subject', { player: 'p03' }, 'p03 выбыла из игры', 'p03 выбыл из игры'],
    ['cs', 'ejected-subject', { player: 'p03' }, 'p03 byla vyřazena ze hry', 'p03 byl vyřazen ze hry'],
    ['ru', 'ejected-body', g, 'Анна (p03) исключена из игры Тест (g1).', 'Анна (p03) исключён из игры Тест (g1).'],
    [
      'cs',
      'ejected-body',
      g,
      'Hráčka Анна (p03) byla vyřazena ze hry Тест (g1).',
      'Hráč Анна (p03) byl vyřazen ze hry Тест (g1).',
    ],
    [
      'ru',
      'abandoned-gm',
      g,
      'Анна (p03, p03@example.ru) не присылала приказов 3 фазы подряд в игре Тест (g1).',
      'Анна (p03, p03@example.ru) не присылал приказов 3 фазы подряд в игре Тест (g1).',
    ],
    [
      'cs',
      'abandoned-gm',
      g,
      'Анна (p03, p03@example.ru) neposlala rozkazy 3 kola za sebou ve hře Тест (g1).',
      'Анна (p03, p03@example.ru) neposlal rozkazy 3 kola za sebou ve hře Тест (g1).',
    ],
    [
      'ru',
      'abandoned-gm-back',
      {},
      'Приказы, которые она пришлёт до этого, возвращают позицию в игру.',
      'Приказы, которые он пришлёт до этого, возвращают позицию в игру.',
    ],
    [
      'cs',
      'abandoned-gm-back',
      {},
      'Rozkazy, které hráčka pošle předtím, pozici vracejí do hry.',
      'Rozkazy, které hráč pošle předtím, pozici vracejí do hry.',
    ],
    [
      'ru',
      'replaced-password',
      {},
      'Судья отправил ей пароль и позицию такой, какая она сейчас.',
      'Судья отправил ему пароль и позицию такой, какая она сейчас.',
    ],
    [
      'cs',
      'replaced-password',
      {},
      'Sudí jí poslal heslo a pozici tak, jak stojí.',
      'Sudí mu poslal heslo a pozici tak, jak stojí.',
    ],
    [
      'cs',
      'confirm-if-you',
      {},
      'Pokud jste to byla vy, pošlete z TÉTO adresy blok s řádkem',
      'Pokud jste to byl vy, pošlete z TÉTO adresy blok s řádkem',
    ],
    [
      'ru',
      'confirm-if-you',
      {},
      'Если это были вы, пришлите с ЭТОГО адреса блок со строкой',
      'Если это были вы, пришлите с ЭТОГО адреса блок со строкой',
    ],
    [
      'cs',
      'ack-replaced',
      {},
      'Tyto rozkazy NAHRAZUJÍ rozkazy, které jste pro toto kolo poslala dříve',
      'Tyto rozkazy NAHRAZUJÍ rozkazy, které jste pro toto kolo poslal dříve',
    ],
    [
      'ru',
      'ack-replaced',
      {},
      'Эти приказы ЗАМЕНЯЮТ приказы, присланные вами ранее на эту фазу',
      'Эти приказы ЗАМЕНЯЮТ приказы, присланные вами ранее на эту фазу',
    ],
    ['cs', 'ack-player', {}, 'Hráčka:', 'Hráč:'],
    ['ru', 'ack-player', {}, 'Игрок:', 'Игрок:'],
  ] as const)('%s %s', (lang, id, args, f, m) => {
    expect(common(lang, id, { ...args, gender: 'f' })).toBe(f);
    expect(common(lang, id, { ...args, gender: 'm' })).toBe(m);
  });

  it('without a gender the masculine form is the default (never a hedge)', () => {
    expect(message('common', 'ru', 'ejected-subject', { player: 'p03' })).toBe('p03 выбыл из игры');
  });
});

describe('counted phrases, 1 / 2 / 5 / 21', () => {
  it.each([
    [
      'ru',
      'ack-errors',
      'count',
      ['не принята 1 строка', 'не приняты 2 строки', 'не принято 5 строк', 'не принята 21 строка'],
    ],
    [
      'cs',
      'ack-errors',
      'count',
      ['1 nepřijatý řádek', '2 nepřijaté řádky', '5 nepřijatých řádků', '21 nepřijatých řádků'],
    ],
    [
      'ru',
      'ack-mangled',
      'count',
      ['1 нечитаемая строка', '2 нечитаемые строки', '5 нечитаемых строк', '21 нечитаемая строка'],
    ],
    [
      'cs',
      'ack-mangled',
      'count',
      ['1 nečitelný řádek', '2 nečitelné řádky', '5 nečitelných řádků', '21 nečitelných řádků'],
    ],
    ['ru', 'list-players', 'count', ['1 игрок', '2 игрока', '5 игроков', '21 игрок']],
    ['cs', 'list-players', 'count', ['1 hráč', '2 hráči', '5 hráčů', '21 hráčů']],
    ['ru', 'missed-phases', 'missed', ['1 фазу подряд', '2 фазы подряд', '5 фаз подряд', '21 фазу подряд']],
    ['cs', 'missed-phases', 'missed', ['1 kolo za sebou', '2 kola za sebou', '5 kol za sebou', '21 kol za sebou']],
    [
      'ru',
      'reply-budget-last',
      'limit',
      [
        'Это последний из 1 ответа',
        'Это последний из 2 ответов',
        'Это последний из 5 ответов',
        'Это последний из 21 ответа',
      ],
    ],
    [
      'cs',
      'reply-budget-last',
      'limit',
      [
        'Toto je poslední z 1 odpovědi',
        'Toto je poslední z 2 odpovědí',
        'Toto je poslední z 5 odpovědí',
        'Toto je poslední z 21 odpovědí',
      ],
    ],
    [
      'ru',
      'wrong-passwords',
      'count',
      ['1 неверный пароль', '2 неверных пароля', '5 неверных паролей', '21 неверный пароль'],
    ],
    ['cs', 'wrong-passwords', 'count', ['1 chybné heslo', '2 chybná hesla', '5 chybných hesel', '21 chybných hesel']],
    ['ru', 'in-hours', 'hours', ['за 1 час', 'за 2 часа', 'за 5 часов', 'за 21 час']],
    ['cs', 'in-hours', 'hours', ['za 1 hodinu', 'za 2 hodiny', 'za 5 hodin', 'za 21 hodin']],
    ['en', 'list-players', 'count', ['1 player', '2 players', '5 players', '21 players']],
    [
      'en',
      'missed-phases',
      'missed',
      ['1 phase in a row', '2 phases in a row', '5 phases in a row', '21 phases in a row'],
    ],
  ] as const)('%s %s', (lang, id, key, forms) => {
    expect([1, 2, 5, 21].map((n) => common(lang, id, { [key]: n }))).toEqual(forms);
  });

  it('abandoned: subject and the player’s own notice', () => {
    expect([1, 2, 5, 21].map((n) => common('ru', 'abandoned-subject', { player: 'p03', missed: n }))).toEqual([
      'Позиция p03: нет приказов 1 фазу подряд',
      'Позиция p03: нет приказов 2 фазы подряд',
      'Позиция p03: нет приказов 5 фаз подряд',
      'Позиция p03: нет приказов 21 фазу подряд',
    ]);
    expect(common('cs', 'abandoned-player', { missed: 5, title: 'T', game: 'g' })).toBe(
      'Od vás nepřišly rozkazy 5 kol za sebou ve hře T (g), a GM proto může vaši pozici předat jinému hráči.',
    );
    expect(common('en', 'abandoned-subject', { player: 'p03', missed: 1 })).toBe('Position p03 missed 1 phase');
  });
});

function ftlIds(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/^([a-zA-Z][\w-]*)\s*=/gm)].map((m) => m[1]!);
}

describe('the common templates and messages', () => {
  const dir = join(builtinTemplateDir, 'common');
  const templates = LANGS.flatMap((l) =>
    readdirSync(join(dir, l))
      .filter((f) => f.endsWith('.hbs'))
      .map((f) => join(dir, l, f)),
  );

  it('every language has the same messages, and every {{t}} a template uses exists in its language', () => {
    // Every message file of the language (common.ftl, seats.ftl …): a template may use any of them.
    const ids = Object.fromEntries(
      LANGS.map((l) => [
        l,
        readdirSync(join(dir, l))
          .filter((f) => f.endsWith('.ftl'))
          .flatMap((f) => ftlIds(join(dir, l, f)))
          .sort(),
      ]),
    );
    expect(ids.ru).toEqual(ids.en);
    expect(ids.cs).toEqual(ids.en);
    for (const f of templates) {
      const lang = f.split('/').at(-2)!;
      for (const m of readFileSync(f, 'utf8').matchAll(/\(?t "([\w-]+)"/g))
        expect(ids[lang], `${f}: ${m[1]}`).toContain(m[1]);
    }
  });

  it('no template or message of any kind hedges a gender or a plural: no «(а)», «(a)», «(ла)», «(s)»', () => {
    const hedge = /\p{L}\((?:а|a|ла|la|и|i|y|ы|o|о|s|es|ен|en)\)/u;
    const every = readdirSync(builtinTemplateDir).flatMap((kind) =>
      readdirSync(join(builtinTemplateDir, kind)).flatMap((l) =>
        readdirSync(join(builtinTemplateDir, kind, l))
          .filter((f) => /\.(hbs|ftl)$/.test(f))
          .map((f) => join(builtinTemplateDir, kind, l, f)),
      ),
    );
    expect(every.length).toBeGreaterThan(templates.length);
    const files = every;
    const hits = files.flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .flatMap((line, i) => (hedge.test(line) ? [`${f}:${i + 1}: ${line}`] : [])),
    );
    expect(hits).toEqual([]);
  });

  it('no common template hand-writes plural forms any more ({{plural}})', () => {
    expect(templates.filter((f) => readFileSync(f, 'utf8').includes('{{plural'))).toEqual([]);
  });

  it('GM phrases do not agree with the GM’s gender (Ведущий исключил, GM vyřadil)', () => {
    const gmVerb = /Ведущий \p{L}+л\b|GM \p{L}+l\b|GM \p{L}+la\b/u;
    expect(templates.filter((f) => gmVerb.test(readFileSync(f, 'utf8')))).toEqual([]);
  });
});

describe('the {{t}} helper in templates', () => {
  afterEach(() => {
    delete process.env.JUDGE_TEMPLATES;
  });
  const data = (gender: 'f' | 'm') => ({
    game: { id: 'g1', title: 'Hra' },
    player: { id: 'p03', name: 'Jana', gender },
  });

  it('renders the ejected notice for f and m in ru and cs', () => {
    expect(render('fandi', 'cs', 'notice-ejected', data('f')).subject).toBe('[g1] p03 byla vyřazena ze hry');
    expect(render('fandi', 'cs', 'notice-ejected', data('m')).subject).toBe('[g1] p03 byl vyřazen ze hry');
    expect(render('fandi', 'cs', 'notice-ejected', data('f')).text).toMatch(
      /^Hráčka Jana \(p03\) byla vyřazena ze hry Hra \(g1\)\./,
    );
    expect(render('godfather', 'ru', 'notice-ejected', data('f')).subject).toBe('[g1] p03 выбыла из игры');
    expect(render('godfather', 'ru', 'notice-ejected', data('m')).text).toMatch(
      /^Jana \(p03\) исключён из игры Hra \(g1\)\./,
    );
  });

  it('inside #each and subexpressions (the ack heading), with padding kept', () => {
    const ack = (gender: 'f' | 'm') =>
      render('fandi', 'cs', 'ack', {
        ...data(gender),
        phase: { heading: '1' },
        ordersGiven: true,
        echo: [],
        errors: [
          { line: 1, text: 'x', reason: 'y' },
          { line: 2, text: 'x', reason: 'y' },
        ],
        replaced: true,
        mangled: [],
      });
    expect(ack('f').subject).toContain('[g1] Rozkazy přijaty (2 nepřijaté řádky): Jana');
    expect(ack('f').text).toContain('Hráčka: Jana (p03)');
    expect(ack('m').text).toContain('Hráč:   Jana (p03)');
    expect(ack('f').text).toContain('které jste pro toto kolo poslala dříve');
  });

  it("the rpg report's heading agrees with the player: Hráčka / Hráč, in the start mail and a round's report, text and HTML", () => {
    const j = testJudge();
    createGame(j, {
      id: 'dice',
      kind: 'rpg',
      setup: {
        title: 'Stůl',
        lang: 'cs',
        seats: [
          { id: 'jana', name: 'Jana', email: 'jana@example.cz', gender: 'f' },
          { id: 'petr', name: 'Petr', email: 'petr@example.cz', gender: 'm' },
        ],
      },
      seed: '1',
      actor: 'test',
      mail: true,
    });
    processPhase(j, 'dice');
    for (const m of listOutbox(j.db).filter((x) => x.kind === 'report')) {
      const page = unpackPage(m.html!, m);
      if (m.to_addrs.includes('jana@')) {
        expect(m.body, m.dedupe_key).toContain('Hráčka: Jana (jana)');
        expect(page, m.dedupe_key).toContain('Hráčka:');
      } else {
        expect(m.body, m.dedupe_key).toContain('Hráč:   Petr (petr)');
        expect(page, m.dedupe_key).not.toContain('Hráčka');
      }
    }
  });

  it('a kind’s own .ftl overrides common, and JUDGE_TEMPLATES overrides both', () => {
    const root = tempDir();
    mkdirSync(join(root, 'common', 'ru'), { recursive: true });
    writeFileSync(join(root, 'common', 'ru', 'common.ftl'), 'ejected-subject = { $player } больше не играет\n');
    process.env.JUDGE_TEMPLATES = root;
    expect(messageFiles('fandi', 'ru')[0]).toContain(join('templates', 'common', 'en'));
    expect(messageFiles('fandi', 'ru').at(-1)).toBe(join(root, 'common', 'ru', 'common.ftl'));
    expect(render('fandi', 'ru', 'notice-ejected', data('f')).subject).toBe('[g1] p03 больше не играет');
    // Messages the override does not name still come from the built-in file.
    expect(message('fandi', 'ru', 'replaced-password', { gender: 'f' })).toBe(
      'Судья отправил ей пароль и позицию такой, какая она сейчас.',
    );
  });

  it('a message that exists nowhere shows its id', () => {
    expect(message('common', 'ru', 'no-such-message')).toBe('no-such-message');
  });
});

describe('a seat’s gender: setup, stored setup, replacement', () => {
  it('the setup file takes gender: f | m on a seat, nothing else', () => {
    const seat = { id: 'anna', name: 'Anna', email: 'anna@example.org' };
    expect(commonSetupSchema.safeParse({ seats: [{ ...seat, gender: 'f' }] }).success).toBe(true);
    expect(commonSetupSchema.safeParse({ seats: [{ ...seat, gender: 'x' }] }).success).toBe(false);
  });

  it('the stored seat’s gender while the name is the same, else the name’s', () => {
    const setup = JSON.stringify({
      seats: [
        { id: 'a', name: 'Саша', gender: 'f' },
        { id: 'b', name: 'Борис' },
      ],
    });
    expect(playerGender({ setup_json: setup }, { id: 'a', name: 'Саша' })).toBe('f');
    expect(playerGender({ setup_json: setup }, { id: 'A', name: 'Саша' })).toBe('f');
    expect(playerGender({ setup_json: setup }, { id: 'a', name: 'Пётр' })).toBe('m');
    expect(playerGender({ setup_json: setup }, { id: 'b', name: 'Борис' })).toBe('m');
    expect(playerGender({ setup_json: setup }, { id: 'c', name: 'Вера' })).toBe('f');
    expect(playerGender({ setup_json: '{}' }, { id: 'a', name: 'Вера' })).toBe('f');
    const renamed = setupWithSeat(setup, 'a', 'Женя');
    expect(playerGender({ setup_json: renamed }, { id: 'a', name: 'Женя' })).toBe('m');
    expect(playerGender({ setup_json: setupWithSeat(setup, 'a', 'Женя', 'f') }, { id: 'a', name: 'Женя' })).toBe('f');
    expect(playerGender({ setup_json: setupWithSeat(setup, 'a', 'Саша') }, { id: 'a', name: 'Саша' })).toBe('f'); // same name: kept
    // Godfather's genders: map counts too, and is dropped for a seat handed to another name.
    const gf = JSON.stringify({ seats: [{ id: 'p01', name: 'Саша' }], game: { genders: { p01: 'f' } } });
    expect(playerGender({ setup_json: gf }, { id: 'p01', name: 'Саша' })).toBe('f');
    expect(playerGender({ setup_json: setupWithSeat(gf, 'p01', 'Саша') }, { id: 'p01', name: 'Саша' })).toBe('f');
    expect(playerGender({ setup_json: setupWithSeat(gf, 'p01', 'Женя') }, { id: 'p01', name: 'Женя' })).toBe('m');
    expect(JSON.parse(setupWithSeat(gf, 'p01', 'Женя')).game.genders).toEqual({});
  });

  it('Godfather takes the seat’s gender, then its genders: map, else the name’s; a replacement the new name’s', () => {
    const names = [
      'Саша',
      'Анна',
      'Иван',
      'Пётр',
      'Олег',
      'Сергей',
      'Ольга',
      'Дмитрий',
      'Елена',
      'Никита',
      'Татьяна',
      'Борис',
      'Вера',
    ];
    const seats = names.map((name, i) => ({
      id: `p${String(i + 1).padStart(2, '0')}`,
      name,
      email: `p${i}@example.ru`,
      lang: 'ru' as const,
      ...(i === 0 ? { gender: 'f' as const } : {}),
    }));
    const s = godfatherSetup({ genders: { p03: 'f' } }, seats, new SeededRng('1'));
    expect(s.players.slice(0, 3).map((p) => p.gender)).toEqual(['f', 'f', 'f']);
    expect(s.players[3]!.gender).toBe('m');
    const r = replaceSeat(s, { id: 'p04', name: 'Мария', email: 'maria@example.ru', lang: 'ru' });
    expect(r.players[3]).toMatchObject({ name: 'Мария', email: 'maria@example.ru', gender: 'f' });
    expect(
      replaceSeat(s, { id: 'p04', name: 'Саша', email: 'x@example.ru', lang: 'ru', gender: 'f' }).players[3]!.gender,
    ).toBe('f');
  });

  it('a Godfather game created from a setup file: the seat’s gender reaches the state; a replacement the new name’s', () => {
    const j = testJudge();
    const names = [
      'Аркадий',
      'Борислав',
      'Всеволод',
      'Глафира',
      'Дарина',
      'Евстафий',
      'Жозефина',
      'Зиновий',
      'Изольда',
      'Капитолина',
      'Лукьян',
      'Мирослава',
      'Никодим',
    ];
    const seats = names.map((name, i) => ({
      id: `p${String(i + 1).padStart(2, '0')}`,
      name,
      email: `p${i + 1}@example.ru`,
      password: 'pw-pw-pw',
      ...(i === 0 ? { gender: 'f' } : {}),
    }));
    createGame(j, {
      id: 'gf',
      kind: 'godfather',
      setup: { gm: { email: 'gm@example.ru' }, seats },
      seed: '1',
      actor: 'test',
    });
    const state = () =>
      JSON.parse(currentPhase(j.db, 'gf')!.state_json) as { players: { id: string; name: string; gender: string }[] };
    expect(
      state()
        .players.slice(0, 4)
        .map((p) => p.gender),
    ).toEqual(['f', 'm', 'm', 'f']);
    expect(playerGender(getGame(j.db, 'gf')!, { id: 'p01', name: 'Аркадий' })).toBe('f');
    replacePlayer(j, 'gf', 'p02', { email: 'vera@example.ru', password: 'fresh-pw', name: 'Вера' }, 'cli');
    expect(state().players[1]).toMatchObject({ name: 'Вера', gender: 'f' });
    ejectPlayer(j, 'gf', 'p02', 'cli');
    expect(
      listOutbox(j.db)
        .filter((m) => m.dedupe_key.startsWith('notice:ejected:'))
        .map((m) => m.subject)[0],
    ).toBe('[gf] p02 выбыла из игры');
  });

  it('notices: an ejected seat with gender: f, a replacement with --gender and without', () => {
    const j = testJudge();
    const setup = JSON.parse(readFileSync('games/fandi/setups/default.json', 'utf8'));
    createGame(j, {
      id: 'f',
      kind: 'fandi',
      setup: {
        ...setup,
        lang: 'cs',
        gm: { email: 'gm@example.cz' },
        seats: [
          { id: 'alfa', name: 'Saša', email: 'alfa@example.cz', password: 'alfa-pw', gender: 'f' },
          { id: 'brana', name: 'Petr', email: 'brana@example.cz', password: 'brana-pw', lang: 'ru' },
          { id: 'cerna', name: 'Jana', email: 'cerna@example.cz', password: 'cerna-pw' },
          { id: 'dana', name: 'Dan', email: 'dana@example.cz', password: 'dana-pw' },
        ],
      },
      seed: '3',
      actor: 'test',
    });
    ejectPlayer(j, 'f', 'alfa', 'cli');
    const ejected = listOutbox(j.db).filter((m) => m.dedupe_key.startsWith('notice:ejected:'));
    expect(ejected.map((m) => m.subject)).toEqual(['[f] alfa byla vyřazena ze hry', '[f] alfa byla vyřazena ze hry']);
    replacePlayer(j, 'f', 'brana', { email: 'olga@example.ru', password: 'fresh-pw', name: 'Ольга' }, 'cli');
    // The GM's notice agrees with the new player's gender; the new player gets the start mail in his language,
    // or wholly in the kind's report language when the kind has no words in his (FanDi has no Russian).
    const toGm = listOutbox(j.db).filter(
      (m) => m.dedupe_key.startsWith('notice:replaced:f:brana') && m.to_addrs.includes('gm@'),
    );
    expect(toGm[0]!.body).toContain('Sudí jí poslal heslo a pozici tak, jak stojí.');
    expect(listOutbox(j.db).find((m) => m.dedupe_key.startsWith('start:f:brana'))!.body).toContain(
      'The position brana',
    );
    expect(JSON.parse(getGame(j.db, 'f')!.setup_json).seats[1]).toMatchObject({ id: 'brana', name: 'Ольга' });
    replacePlayer(
      j,
      'f',
      'cerna',
      { email: 'nikola@example.cz', password: 'fresh-pw', name: 'Nikola', gender: 'm' },
      'cli',
    );
    const toCerna = listOutbox(j.db).filter(
      (m) => m.dedupe_key.startsWith('notice:replaced:f:cerna') && m.to_addrs.includes('gm@'),
    );
    expect(toCerna[0]!.body).toContain('Sudí mu poslal heslo');
    expect(JSON.parse(getGame(j.db, 'f')!.setup_json).seats[2]).toMatchObject({
      id: 'cerna',
      name: 'Nikola',
      gender: 'm',
    });
    ejectPlayer(j, 'f', 'cerna', 'cli');
    expect(
      listOutbox(j.db)
        .filter((m) => m.dedupe_key.startsWith('notice:ejected:f:cerna'))
        .map((m) => m.subject),
    ).toContain('[f] cerna byl vyřazen ze hry');
  });
});

describe('judge player replace --gender (the built CLI)', { timeout: 60_000 }, () => {
  it('the notice to the new player agrees with the gender given', () => {
    const dir = tempDir();
    const judge = (args: string[]) =>
      spawnSync(process.execPath, ['bin/judge.js', '--data', dir, ...args], {
        encoding: 'utf8',
        env: { ...process.env, JUDGE_DATA: '' },
      });
    expect(judge(['init']).status).toBe(0);
    const setup = JSON.parse(readFileSync('games/fandi/setups/default.json', 'utf8'));
    const file = join(dir, 'setup.json');
    const seats = ['alfa', 'brana', 'cerna', 'dana'].map((id) => ({
      id,
      name: id,
      email: `${id}@example.cz`,
      password: `${id}-pw`,
    }));
    writeFileSync(file, JSON.stringify({ ...setup, lang: 'cs', gm: { email: 'gm@example.cz' }, seats }));
    const created = judge(['game', 'create', 'f', '--kind', 'fandi', '--setup', file, '--seed', '3']);
    expect(created.status, created.stderr).toBe(0);
    const r = judge([
      'player',
      'replace',
      'f',
      'brana',
      '--email',
      'sasa@example.cz',
      '--password',
      'fresh-pw',
      '--name',
      'Saša',
      '--gender',
      'f',
    ]);
    expect(r.status, r.stderr).toBe(0);
    expect(
      judge(['player', 'replace', 'f', 'brana', '--email', 'x@example.cz', '--password', 'fresh-pw', '--gender', 'x'])
        .status,
    ).not.toBe(0);
    const outbox = JSON.parse(judge(['outbox', '--json']).stdout) as { to_addrs: string[]; body: string }[];
    const gm = outbox.filter((m) => m.to_addrs.includes('gm@example.cz') && m.body.includes('sasa@example.cz'));
    expect(gm[0]!.body).toContain('Sudí jí poslal heslo');
  });
});
