// Each kind's scripted games for the language test of issue #32 (language-life.ts
// plays them): FanDi in Czech, the Godfather and the nation game in Russian, the
// rpg kind in Czech and in Russian.
import { readFileSync } from 'node:fs';
import { readSetupFile } from '../src/engine/setup-file.js';
import type { Lang } from '../src/engine/types.js';
import { type GameLife, type KindLife, kindLife } from './language-life.js';

const playerIds = (seats: { id: string }[]) => seats.map((s) => s.id);

/** FanDi in Czech (one English seat), the orders of tests/fandi/game10 for three turns. */
export async function fandiLife(): Promise<GameLife> {
  const { TURNS, PASSWORDS } = await import('./fandi/game10/script.js');
  const base = JSON.parse(readFileSync('games/fandi/setups/default.json', 'utf8'));
  const LANG: Record<string, Lang> = { alfa: 'cs', brana: 'en', cerna: 'cs', dana: 'cs' };
  const GOD: Record<string, string> = { alfa: 'Alfa', brana: 'Brána', cerna: 'Černá', dana: 'Dana' };
  const seats = (['alfa', 'brana', 'cerna', 'dana'] as const).map((id) => ({
    id,
    name: `${GOD[id]} Hráč`,
    email: `${id}@example.cz`,
    password: PASSWORDS[id],
    lang: LANG[id]!,
  }));
  const turns = TURNS.slice(0, 3).map((mails) => {
    const t: Record<string, string[]> = {};
    for (const m of mails) {
      if (typeof m.text !== 'string') continue;
      const lines = m.text.split('\n');
      const i = lines.findIndex((l) => /^(HRA|GAME) f10 /.test(l));
      const e = lines.findIndex((l, k) => k > i && /^(KONEC|END)$/.test(l));
      if (i >= 0 && e > i) t[m.from] = lines.slice(i + 1, e);
    }
    return t;
  });
  const units = JSON.parse(readFileSync('games/fandi/units.json', 'utf8')).units.map((u: { id: string }) => u.id);
  return kindLife({
    kind: 'fandi',
    game: 'f32',
    lang: 'cs',
    setup: { ...base, title: 'Jazyková hra', seats },
    turns,
    bad: 'letět na Měsíc',
    allowed: [...playerIds(seats), ...units, 'FanDi', 'xc'],
    names: seats.map((s) => s.name),
  });
}

/** The Godfather in Russian (four English seats), the first periods of tests/godfather/game8. */
export async function godfatherLife(): Promise<GameLife> {
  const { SEATS, MAILS, game8Setup } = await import('./godfather/game8/script.js');
  const seats = SEATS.map((s) => ({ id: s.id, name: s.name, email: s.email, password: s.password, lang: s.lang }));
  const period = (at: string) => {
    const [d, hm] = at.split(' ');
    const h = Number(hm!.split(':')[0]);
    return (Number(d) - 1) * 3 + (h < 9 ? -1 : h < 15 ? 0 : h < 21 ? 1 : 2);
  };
  const turns: Record<string, string[]>[] = [];
  for (const m of MAILS) {
    const p = period(m.at);
    if (p > 2) break;
    (turns[p] ??= {})[m.from] = m.lines;
  }
  return kindLife({
    kind: 'godfather',
    game: 'mafia',
    lang: 'ru',
    at: Date.UTC(2026, 10, 30, 15, 0),
    setup: { ...game8Setup(), seats },
    turns: turns.filter(Boolean),
    bad: 'ДЕЙСТВИЕ полёт Луна',
    // The GM's decision fields (DECIDE <id>.<player>.vo, <player>.quarrel.<player>.tv).
    allowed: [...playerIds(seats), 'vo', 'tv', 'quarrel'],
    names: seats.map((s) => s.name),
  });
}

/** The nation game in Russian, the first two turns of tests/nation/game4 with the GM's decisions. */
export async function nationLife(): Promise<GameLife> {
  const setup = readSetupFile('games/nation/setups/default.yaml') as KindLife['setup'] & {
    countries: { name: string }[];
    orders: { name: string }[];
    figures: { name: string }[];
    seats: { name: string }[];
  };
  const split = (o: Record<string, string>) =>
    Object.fromEntries(Object.entries(o).map(([k, v]) => [k, v.split('\n')]));
  const turns = [
    split({
      ivan: 'Страна публично, Агрессивность: снарядить флот к южным берегам\nОрден Белого волка тайно, агрессивность: сжечь склады Гильдии купцов\nСкальды стратегическое, мудрость: сложить сагу о Гиперборее',
      marya:
        'Тмутаракань публично, Коммуникативность — устроить большую ярмарку\nГильдия купцов открыто, интеллект: открыть меняльную контору',
      fedor:
        'Страна интеллектуальность, за 2 хода: построить обсерваторию\nОрден старцев публично, мудрость — проповедь о Белой воде',
      olga: 'Китеж тайно, мудрость: укрепить стены\nКнижная палата публично, интеллект: переписать летописи',
    }),
    split({
      ivan: 'Харальд Суровый поддержать A1\nСигрид Вещая тайно, мудрость: предсказать погоду шкиперам',
      marya: 'Князь Мстислав публично: в поддержку A2\nЗоя Хитрая тайно, коммуникативность — разузнать про рудознатцев',
      fedor: 'Старец Аввакум поддержать A5',
    }),
    split({ ivan: 'продолжить S2', marya: 'Страна публично, интеллект: построить маяк', fedor: 'продолжить S1' }),
    split({ marya: 'Князь Мстислав публично: поддержать A3' }),
  ];
  const gm = [
    [],
    [
      [
        'РЕШЕНИЕ S2.time 2',
        'РЕШЕНИЕ S1.dif 1',
        'РЕШЕНИЕ A1.dif 1',
        'РЕШЕНИЕ A1.dif Хорошо',
        'РЕШЕНИЕ Z1.dif 1',
        'РЕШЕНИЕ A1.dif абв',
      ],
      ['ОПИСАНИЕ A7 Склады Гильдии горели всю ночь.', 'НОВОСТИ Над Лукоморьем видели комету.', 'БРОСОК 4dF погода'],
      ['ПРОСМОТР', 'ЛИСТ', 'ЖДАТЬ', 'СТАТУС', 'ОТПУСТИТЬ'],
    ],
    [],
    [['РЕШЕНИЕ A3.dif 2']],
  ];
  return kindLife({
    kind: 'nation',
    game: 'luk',
    lang: 'ru',
    setup: {
      ...setup,
      schedule: { every: '48h', reminders: ['12h'], gm: { every: '24h', reminders: ['6h'], defaults: true } },
    },
    turns,
    gm,
    bad: 'Страна публично: полететь на Луну',
    allowed: [
      ...playerIds(setup.seats as { id: string }[]),
      ...[...(setup.countries as unknown as { id: string }[]), ...(setup.orders as unknown as { id: string }[])].map(
        (x) => x.id,
      ),
      ...(setup.figures as unknown as { id: string }[]).map((x) => x.id),
      // The GM's decision and amendment fields, as he types them (DECIDE A3.dif 2, DECIDE set:kitezh.army …).
      ...'dif time scale mod growth style aggression flexibility intellect wisdom constitution communication set party religion secrecy degree influentiality size population area gold gnp tax army stability underground partial public known'.split(
        ' ',
      ),
      'FD',
    ],
    names: [...setup.seats, ...setup.countries, ...setup.orders, ...setup.figures].map((x) => x.name),
  });
}

/** The rpg kind in Czech and in Russian (the Krepost setup), rolls by mail and the GM's commands. */
export async function rpgLife(lang: 'cs' | 'ru'): Promise<GameLife> {
  const { SESSION_WORDS } = await import('./dice/session.js');
  const t = SESSION_WORDS[lang];
  const setup = readSetupFile('games/rpg/setups/krepost.yaml') as KindLife['setup'];
  const seats = setup.seats.map((s) => ({ ...s, lang }));
  return kindLife({
    kind: 'rpg',
    game: `krepost-${lang}`,
    lang,
    setup: { ...setup, title: lang === 'cs' ? 'Pevnost' : 'Крепость', seats },
    turns: [{ irina: [`${t.roll} 3d6+2`, `${t.roll} 4dF`] }, { oleg: [`${t.roll} 2d6`] }],
    bad: `${t.roll} xyz`,
    allowed: [
      ...playerIds(seats),
      // The GM's fields (DECIDE set:oleg.skill.… trial:… dice:reveal), the #dice lines' fields.
      ...'set trial dice reveal skill resource relation name level luck intellect notes defence traits techniques inventory weapon armour madness horror vs seed key rolls draws stream phase request commitment next'.split(
        ' ',
      ),
    ],
    names: seats.map((s) => (s as { name?: string }).name ?? s.id),
  });
}
