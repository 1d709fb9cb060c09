// The demo games: a setup and the order mails players would send.
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
  show: { kind: 'ack' | 'report'; to: string }[];
}

const rpg: DemoScenario = {
  gameId: 'tavern',
  show: [
    { kind: 'ack', to: 'cyril@example.cz' },
    { kind: 'report', to: 'alice@example.org' },
  ],
  kind: 'rpg',
  description: 'a dice server table: three players roll GaussD20, success dice and FUDGE dice',
  setup: {
    title: 'The Tavern at the Crossroads',
    lang: 'en',
    gm: { email: 'gm@example.org', name: 'Game Master' },
    luck: { boris: 7 },
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
ROLL gauss20+4 climbing the wall
ROLL 4dF+1 haggling with the innkeeper
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
БРОСОК gauss20 взлом замка
БРОСОК 3dS vs:2 торг
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
HOD 3d6+1 útok mečem
HOD 2x6 obrana
HODIT kostkou
KONEC
`,
    },
  ],
};

export const demoScenarios: Record<string, DemoScenario> = { rpg };
