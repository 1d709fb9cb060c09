// The demo games: a setup and the order mails players would send.
import { readFileSync } from 'node:fs';
import { parseYaml } from '../yaml.js';
export interface DemoMail {
  label: string;
  from: string;
  subject: string;
  text: string;
}

export interface DemoScenario {
  gameId: string;
  kind: string;
  description: string;
  setup: unknown;
  mails: DemoMail[];
  /** The mails printed at the end, so the demo shows its results on the terminal too. */
  show: { kind: 'ack' | 'report' | 'worksheet' | 'instant'; to: string }[];
  /** For a phase that waits for the GM: the GM's answers, ingested once the worksheet is out. */
  gm?: DemoMail[];
  /** Further phases of the demo (a two-stage turn): each stage's mails, then its GM answers. */
  later?: { mails: DemoMail[]; gm?: DemoMail[] }[];
}

const rpg: DemoScenario = {
  gameId: 'tavern',
  show: [
    { kind: 'instant', to: 'alice@example.org' },
    { kind: 'ack', to: 'cyril@example.cz' },
    { kind: 'report', to: 'alice@example.org' },
  ],
  kind: 'rpg',
  description:
    'a GM-run table: checks by skill name against the sheets (GaussD20 and success dice), a median roll, a trial the players work on, rolls answered at once, copies and a verifiable dice log',
  setup: {
    title: 'The Tavern at the Crossroads',
    lang: 'en',
    gm: { email: 'gm@example.org', name: 'Game Master' },
    instant: true,
    sheets: {
      alice: {
        name: 'Alice the Quick',
        luck: 6,
        skills: { lockpicking: 'experienced worker', stealth: '3dS' },
        inventory: ['lockpicks', 'lantern'],
      },
      boris: {
        name: 'Борис Молот',
        skills: { сила: '3dS', кузнечное_дело: 'мастер' },
        relations: { alice: 'Доверие' },
      },
      cyril: { name: 'Cyril Bystrý', skills: { plížení: '2dS' } },
    },
    trials: [
      {
        id: 'cellar',
        name: 'Sneak into the cellar',
        progress: 3,
        risk: 2,
        difficulty: 2,
        success: 'the smugglers are found',
        failure: 'the innkeeper wakes',
      },
    ],
    seats: [
      { id: 'alice', name: 'Alice', email: 'alice@example.org', password: 'apple', lang: 'en' },
      { id: 'boris', name: 'Борис', email: 'boris@example.ru', password: 'berry', lang: 'ru' },
      { id: 'cyril', name: 'Cyril', email: 'cyril@example.cz', password: 'cherry', lang: 'cs' },
    ],
  },
  mails: [
    {
      label: 'alice',
      from: 'Alice <alice@example.org>',
      subject: 'my rolls',
      text: `Hi GM,

here is what Alice does this round.

GAME tavern alice apple
CHECK lockpicking hard # the cellar door
MEDIAN 2 copy:boris # keep the lantern steady
CHECK stealth trial:cellar
END

Cheers,
-- 
Alice
"Never split the party."
`,
    },
    {
      label: 'boris-reply',
      from: 'Борис <boris@example.ru>',
      subject: 'Re: [tavern] Приказы приняты',
      text: `ИГРА tavern boris berry
ПРОВЕРКА сила испытание:cellar # держу дверь
БРОСОК 4dF+1 торг с трактирщиком
КОНЕЦ

29.11.2026 10:00, judge@localhost пишет:
> ИГРА tavern boris berry
> БРОСОК 2d6 старый приказ
> КОНЕЦ
`,
    },
    {
      label: 'cyril-mistakes',
      from: 'Cyril <cyril@example.cz>',
      subject: 'rozkazy',
      text: `HRA tavern cyril cherry
TEST plížení výzva:cellar
TEST šerm
HOD 2x6 obrana
HODIT kostkou
KONEC
`,
    },
  ],
};

/** A file of the package's games/ folder (src/cli or dist/cli → ../../games); YAML or JSON. */
function gameData(path: string): Record<string, unknown> {
  return <Record<string, unknown>>parseYaml(readFileSync(new URL(`../../games/${path}`, import.meta.url), 'utf8'));
}

function fandi(): DemoScenario {
  const base = gameData('fandi/setups/default.json');
  return {
    gameId: 'fandi-demo',
    kind: 'fandi',
    description: 'FanDi 1.1 on the default map: four gods, turn 1, a battle for the neutral city F3',
    show: [
      { kind: 'ack', to: 'alfa@example.cz' },
      { kind: 'report', to: 'alfa@example.cz' },
    ],
    setup: {
      ...base,
      title: 'FanDi — demo',
      lang: 'cs',
      gm: { email: 'gm@example.cz', name: 'Game Master' },
      timezone: 'Europe/Prague',
      schedule: { every: '72h', reminders: ['24h'], grace: '1h' },
      // Two armies already in the field next to the neutral city F3, so turn 1 has a battle.
      units: [
        ...(base.units as unknown[]),
        { at: 'E3', owner: 'alfa', type: 'pesi', count: 3 },
        { at: 'G3', owner: 'brana', type: 'pesi', count: 2 },
      ],
      seats: [
        { id: 'alfa', name: 'Adam', email: 'alfa@example.cz', password: 'orel', lang: 'cs' },
        { id: 'brana', name: 'Bára', email: 'brana@example.cz', password: 'vlk-vlk', lang: 'cs' },
        { id: 'cerna', name: 'Cecil', email: 'cerna@example.org', password: 'raven', lang: 'en' },
        { id: 'dana', name: 'David', email: 'dana@example.cz', password: 'srna', lang: 'cs' },
      ],
    },
    mails: [
      {
        label: 'alfa-mistake',
        from: 'Adam Novák <alfa@example.cz>',
        subject: 'Rozkazy Alfa, tah 1',
        text: `Ahoj sudí,

posílám rozkazy na první tah.

HRA fandi-demo alfa orel
; pěchota z pole obsadí neutrální město F3
3× pěší z E3 na F3
3 pěší B2 C2 C3
B2 postav 2 pěší
B2 postav 1 rytíř
B2 věda zbytek
A4 hradby 10
A4 hotovost
KONEC

Adam
--${' '}
Adam Novák, Brno
`,
      },
      {
        label: 'brana-reply',
        from: 'Bára <brana@example.cz>',
        subject: 'Re: [fandi-demo] Rozkazy přijaty: Bára, Tah 1',
        text: `HRA fandi-demo brana vlk-vlk
2 pesi G3 F3
utok pesi
I2 postav 3 pesi
I2 spion
I2 technika zbytek
G1 hodnota 10
KONEC

Dne 29. 11. 2026 v 8:00 pbem-judge <judge@localhost> napsal(a):
> HRA fandi-demo brana vlk-vlk
> 3 pesi I2 I3
> KONEC
`,
      },
      {
        label: 'cerna-english',
        from: 'Cecil <cerna@example.org>',
        subject: 'orders',
        text: `GAME fandi-demo cerna raven
I9 build 4 infantry
I9 science rest
move 2 infantry from J7 to J6
END
`,
      },
      {
        label: 'dana',
        from: 'David <dana@example.cz>',
        subject: 'tah 1',
        text: `HRA fandi-demo dana srna
B9 postav 5 pesi
B9 hodnota zbytek
3 pesi B9 C9
KONEC
`,
      },
    ],
  };
}

function godfather(): DemoScenario {
  const base = gameData('godfather/setups/default.yaml');
  const seats = (base.seats as { id: string; name: string; email: string; lang?: string }[]).map((s) => ({
    ...s,
    password: `${s.id}-pw`,
  }));
  const block = (id: string, lines: string) => `ИГРА mafia ${id} ${id}-pw\n${lines}\nКОНЕЦ\n`;
  return {
    gameId: 'mafia',
    kind: 'godfather',
    description:
      '"Наследие крестного отца": 13 players, the first period of day 1 (09–15 Moscow time), with private, anonymous and public messages',
    show: [
      { kind: 'ack', to: 'anna@example.ru' },
      { kind: 'report', to: 'ivan@example.ru' },
    ],
    setup: { ...base, gm: { email: 'gm@example.ru', name: 'Ведущий', password: 'gm-secret' }, seats },
    mails: [
      {
        label: 'ivan',
        from: 'Иван <ivan@example.ru>',
        subject: 'ход',
        text: `Доброе утро!\n\n${block('ivan', 'ДЕНЬ Пётр +\nЛИЧНО anna: Встретимся вечером у трактира?')}\n-- \nИван`,
      },
      {
        label: 'pyotr',
        from: 'Пётр <pyotr@example.ru>',
        subject: 'ход',
        text: block('pyotr', 'ДЕНЬ Ивана\nАНОНИМНО: Кто-то в городе нечист на руку.'),
      },
      {
        label: 'anna-mistake',
        from: 'Anna <anna@example.ru>',
        subject: 'orders',
        text: `GAME mafia anna anna-pw\nACT day Maria +\nACT hero Oleg\nPRIVATE ivan: Agreed, at nine.\nVOTE nobody\nEND\n`,
      },
      {
        label: 'maria',
        from: 'Мария <maria@example.ru>',
        subject: 'ход',
        text: block('maria', 'ВСЕМ: Доброе утро, господа! Пусть победит достойнейший.\nДЕНЬ Олег -'),
      },
    ],
  };
}

function nation(): DemoScenario {
  const base = gameData('nation/setups/default.yaml');
  const pw = Object.fromEntries((base.seats as { id: string; password: string }[]).map((s) => [s.id, s.password]));
  const block = (id: string, lines: string) => `ИГРА lukomorye ${id} ${pw[id]}\n${lines}\nКОНЕЦ\n`;
  const gmPassword = (base.gm as { password: string }).password;
  return {
    gameId: 'lukomorye',
    kind: 'nation',
    description:
      "\"Интерактивная история\": four nations play one whole turn — the countries' and orders' actions, what each player may know of them, the figures' actions and influence, the GM's worksheet answered by mail, the resolution with dice and the GM's narrative",
    show: [
      { kind: 'worksheet', to: 'gm@example.org' },
      { kind: 'report', to: 'ivan@example.org' },
    ],
    setup: base,
    mails: [
      {
        label: 'ivan',
        from: 'Иван Петрович <ivan@example.org>',
        subject: 'ход 1',
        text: `Ведущему привет!\n\n${block('ivan', 'Страна публично, Агрессивность: снарядить флот к южным берегам\nОрден Белого волка тайно, агрессивность: сжечь склады Гильдии купцов\nСкальды стратегическое, мудрость: сложить сагу о Гиперборее')}\n-- \nИван`,
      },
      {
        label: 'marya',
        from: 'Марья <marya@example.org>',
        subject: 'приказы',
        text: block(
          'marya',
          'Тмутаракань публично, Коммуникативность — устроить большую ярмарку\nГильдия купцов открыто, интеллект: открыть меняльную контору\nФонарщикам тайно, гибкость: осветить пристань',
        ),
      },
      {
        label: 'fedor-mistake',
        from: 'Фёдор <fedor@example.org>',
        subject: 'ход',
        text: block(
          'fedor',
          'Страна интеллектуальность, за 4 хода: построить обсерваторию\nОрден старцев публично, мудрость — проповедь о Белой воде\nСтарец Аввакум мудрость: молиться',
        ),
      },
      {
        label: 'olga',
        from: 'Ольга <olga@example.org>',
        subject: 'ход',
        text: block(
          'olga',
          'Китеж тайно, мудрость: укрепить стены\nКнижная палата публично, интеллект: переписать летописи',
        ),
      },
    ],
    later: [
      {
        mails: [
          {
            label: 'ivan-2',
            from: 'Иван Петрович <ivan@example.org>',
            subject: 'ход 1, фигуры',
            text: block(
              'ivan',
              'Харальд Суровый поддержать A1\nСигрид Вещая тайно, мудрость: предсказать погоду шкиперам',
            ),
          },
          {
            label: 'marya-2',
            from: 'Марья <marya@example.org>',
            subject: 'фигуры',
            text: block(
              'marya',
              'Князь Мстислав публично: в поддержку A2\nЗоя Хитрая тайно, коммуникативность — разузнать про рудознатцев',
            ),
          },
          {
            label: 'fedor-2',
            from: 'Фёдор <fedor@example.org>',
            subject: 'фигуры',
            text: block('fedor', 'Старец Аввакум поддержать A3\nКузьма Рудник: усилить влияние на Артель рудознатцев'),
          },
          {
            label: 'olga-2',
            from: 'Ольга <olga@example.org>',
            subject: 'фигуры',
            text: block('olga', 'Феврония Муромская публично, мудрость: помирить бояр'),
          },
        ],
        gm: [
          {
            label: 'gm-answers',
            from: 'Ведущий <gm@example.org>',
            subject: 'Re: лист ведущего',
            text: `ВЕДУЩИЙ lukomorye ${gmPassword}
DECIDE S2.time 4
DECIDE S1.dif 1
DECIDE A1.dif 1
A10.dif = Хорошо
NARRATIVE A1 Флот Гипербореи вышел в Студёное море; купцы Тмутаракани встревожены.
NARRATIVE A10 Склады Гильдии горели всю ночь; виновных не нашли.
BULLETIN Над Лукоморьем видели комету. Звездочёты спорят, к добру ли это.
ROLL 4dF погода на море
RELEASE
КОНЕЦ
`,
          },
        ],
      },
    ],
  };
}

/** The demos by name; each is read from its files when first looked at (not when the command list is built). */
export const demoScenarios: Record<string, DemoScenario> = {};
for (const [name, make] of Object.entries({ fandi, godfather, nation, rpg: () => rpg })) {
  let made: DemoScenario | undefined;
  Object.defineProperty(demoScenarios, name, { enumerable: true, get: () => (made ??= make()) });
}
