// The order mails of the scripted 10-turn FanDi game "f10" (tests/fandi/game10.test.ts).
//
// The default map (columns A–J from the left, rows 1–10 from the top):
//
//      ABCDEFGHIJ
//    1       b        G1 Brána (150)
//    2  a  #   b      B2 Alfa (200, crafts, 20 xc), E2 #, I2 Brána (200, crafts, 20 xc)
//    3    % %         D3 %, F3 %
//    4 a  #  #%       A4 Alfa (150), D4 #, G4 #, H4 %
//    5   %     #      C5 %, I5 #
//    6  #     %       B6 #, H6 %
//    7   %#  #  c     C7 %, D7 #, G7 #, J7 Černá (150)
//    8     % %        E8 %, G8 %
//    9  d   #  c      B9 Dana (200, crafts, 20 xc), F9 #, I9 Černá (200, crafts, 20 xc)
//   10    d           D10 Dana (150)
//
// Starting units (ids in setup order): alfa #1–3 pěší B2, #4–5 A4; brana #6–8 I2, #9–10 G1;
// cerna #11–13 I9, #14–15 J7; dana #16–18 B9, #19–20 D10.
//
// The story: Alfa (Czech, with diacritics) races to science 1 with extra yield and messengers,
// occupies the neutral C5, builds archers and spearmen there, starves one infantry of pay, beats a
// sally of Dana's on the empty square C6 and storms Dana's walled C7 (whose owner orders her
// infantry to attack). Dana (English) saves cash, takes extra yield and sends the yields of B9 and
// D10 by messenger to C7 for walls (a messenger carries only the yield), and raises D10's value. Brána (English) moves messengers to G1 for crafts, occupies H4 and H6, misses turn 4
// and sends turn 2 twice. Černá (Czech without diacritics) invests in I9's value, misses turn 6,
// gives a unit and then both her cities to Brána and is out after turn 9.

export type PlayerId = 'alfa' | 'brana' | 'cerna' | 'dana';

export interface ScriptMail {
  from: PlayerId;
  /** The mail text; a function gets the text of the player's latest report (for quoting). */
  text: string | ((lastReport: string) => string);
  subject?: string;
  /** Order lines the judge must refuse, with (part of) the reason the acknowledgement gives. */
  bad?: Record<string, string>;
  /** Order lines with the exact echo the acknowledgement must give ("= …"). */
  echo?: Record<string, string>;
}

export const PASSWORDS: Record<PlayerId, string> = { alfa: 'sova', brana: 'liska', cerna: 'vydra', dana: 'jelen' };
export const EMAILS: Record<PlayerId, string> = {
  alfa: 'alfa@example.cz',
  brana: 'brana@example.org',
  cerna: 'cerna@example.cz',
  dana: 'dana@example.org',
};

const cs = (p: PlayerId, ...lines: string[]) => [`HRA f10 ${p} ${PASSWORDS[p]}`, ...lines, 'KONEC'].join('\n');
const en = (p: PlayerId, ...lines: string[]) => [`GAME f10 ${p} ${PASSWORDS[p]}`, ...lines, 'END'].join('\n');
const quote = (report: string) =>
  report
    .trimEnd()
    .split('\n')
    .map((l) => (l ? `> ${l}` : '>'))
    .join('\n');

/** TURNS[t - 1]: the mails of turn t, in the order they arrive. */
export const TURNS: ScriptMail[][] = [
  // ------------------------------------------------------------------ turn 1
  [
    {
      from: 'alfa',
      subject: 'Rozkazy na 1. tah',
      text: [
        'Ahoj sudí,',
        'posílám rozkazy.',
        '',
        cs('alfa', '; všechno do vědy', 'B2 navíc 40', 'B2 věda zbytek', 'A4 posel B2 zbytek', '1 pěší A4 A5'),
        '',
        'Alfa',
      ].join('\n'),
      echo: { 'B2 věda zbytek': 'B2: zbytek do vědy', '1 pěší A4 A5': '1× pěší z A4 na A5 — přesun (A4 A5)' },
    },
    {
      from: 'brana',
      text: en('brana', 'I2 messenger G1 rest', 'G1 tech rest', 'move 1 infantry from I2 to H2'),
      echo: { 'I2 messenger G1 rest': 'I2: messenger to G1 with the rest of the yield', 'move 1 infantry from I2 to H2': '1× infantry from I2 to H2 — move (I2 H2)' },
    },
    { from: 'cerna', text: cs('cerna', 'I9 hodnota 30', 'I9 hotovost', 'J7 hotovost'), echo: { 'I9 hodnota 30': 'I9: 30 xc do hodnoty města' } },
    { from: 'dana', text: en('dana', 'move 2 infantry B9 B8', 'B9 cash', 'D10 value rest'), echo: { 'B9 cash': 'B9: the rest as cash' } },
  ],
  // ------------------------------------------------------------------ turn 2
  [
    {
      from: 'alfa',
      text: cs('alfa', 'B2 navíc 32', 'B2 věda zbytek', 'A4 posel B2 zbytek', 'přesuň #4 z A5 na B5'),
      echo: { 'přesuň #4 z A5 na B5': '#4 z A5 na B5 — přesun (A5 B5)' },
    },
    // Brána sends turn 2 twice: only the second mail counts.
    { from: 'brana', subject: 'orders', text: en('brana', 'G1 walls rest', 'move #6 H2 H3'), echo: { 'G1 walls rest': 'G1: the rest to walls' } },
    { from: 'brana', subject: 'orders (corrected)', text: en('brana', 'I2 messenger G1 rest', 'G1 tech rest', 'move #6 H2 H3') },
    { from: 'cerna', text: cs('cerna', 'I9 hodnota 40', 'I9 hotovost', 'J7 hotovost') },
    {
      from: 'dana',
      text: en('dana', 'move infantry B8 B7', 'B9 cash', 'D10 build 1 dragon', 'D10 value rest'),
      echo: { 'move infantry B8 B7': 'all infantry from B8 to B7 — move (B8 B7)' },
      bad: { 'D10 build 1 dragon': 'unknown unit type "dragon"' },
    },
  ],
  // ------------------------------------------------------------------ turn 3
  [
    {
      // A reply to the last report: the orders on top, a signature, then the whole report quoted.
      from: 'alfa',
      subject: 'Re: [f10] Deset tahů — tah 2 — Alfa',
      text: (last) =>
        [
          cs('alfa', 'B2 věda zbytek', 'A4 špión', 'A4 hotovost', '#4 B5 C5', 'B2 postav 2 kopiníky'),
          '',
          '-- ',
          'Alfa, bůh severozápadu',
          '',
          'Dne 29.11.2026 v 12:00 judge@localhost napsal(a):',
          quote(last),
        ].join('\n'),
      echo: { 'A4 špión': 'A4: vytvořit špióna (1×)', '#4 B5 C5': '#4 z B5 na C5 — přesun (B5 C5)' },
      bad: { 'B2 postav 2 kopiníky': 'kopiník vyžaduje vědu 1 (máte 0)' },
    },
    { from: 'brana', text: en('brana', 'move #6 H3 H4', 'I2 cash', 'G1 cash') },
    {
      from: 'cerna',
      text: cs('cerna', '#14 J7 J6', 'kabat 1 pesi J7 brana', 'I9 hodnota zbytek', 'J7 hotovost'),
      echo: { 'kabat 1 pesi J7 brana': '1× pěší na J7 předat hráči brana — změna kabátu' },
    },
    { from: 'dana', text: en('dana', 'move infantry B7 C7', 'B9 cash', 'D10 value rest') },
  ],
  // ------------------------------------------------------------------ turn 4 (Brána sends nothing)
  [
    {
      from: 'alfa',
      text: cs('alfa', 'A4 postav 3 lukostřelce', 'A4 hotovost', 'C5 postav 2 kopiníky', 'B2 posel C5 zbytek'),
      echo: { 'A4 postav 3 lukostřelce': 'A4: postavit 3× lukostřelec', 'C5 postav 2 kopiníky': 'C5: postavit 2× kopiník' },
    },
    { from: 'cerna', text: cs('cerna', 'I9 hodnota 50', 'I9 hotovost', 'J7 hotovost') },
    // A messenger carries only the yield ("Prenasi penize z vynosu"): Dana takes extra yield in B9 and sends D10's yield too.
    {
      from: 'dana',
      text: en('dana', 'B9 extra 40', 'B9 messenger C7 rest', 'C7 walls rest', 'D10 messenger C7 rest'),
      echo: { 'B9 messenger C7 rest': 'B9: messenger to C7 with the rest of the yield' },
    },
  ],
  // ------------------------------------------------------------------ turn 5
  [
    {
      from: 'alfa',
      text: cs('alfa', '3 lukostřelci A4-C4', 'C5 postav 6 kopiníků', 'C5 hodnota zbytek', 'A4 hodnota 20', 'A4 hotovost', 'B2 hotovost', 'C5 špión C7'),
      echo: { '3 lukostřelci A4-C4': '3× lukostřelec z A4 na C4 — přesun (A4 B4 C4)' },
      bad: { 'C5 špión C7': 've městě C5 není připravený špión' },
    },
    { from: 'brana', text: en('brana', 'move #14 J6 I6', 'I2 messenger G1 rest', 'G1 tech rest', 'H4 cash') },
    { from: 'cerna', text: cs('cerna', 'I9 hotovost', 'J7 hotovost') },
    {
      from: 'dana',
      text: en('dana', 'C7 walls 85', 'C7 build 3 infantry', 'C7 cash', 'B9 walls rest', 'D10 value rest'),
      echo: { 'C7 walls 85': 'C7: 85 xc to walls', 'C7 build 3 infantry': 'C7: build 3× infantry' },
    },
  ],
  // ------------------------------------------------------------------ turn 6 (Černá sends nothing)
  [
    { from: 'alfa', text: cs('alfa', '3 lukostřelci C4 C5', 'B2 posel C5 zbytek', 'A4 hotovost') },
    { from: 'brana', text: en('brana', 'move #14 I6 H6', 'G1 tech rest', 'I2 value 50', 'I2 cash', 'H4 cash') },
    { from: 'dana', text: en('dana', 'C7 cash', 'B9 walls rest', 'D10 value rest') },
  ],
  // ------------------------------------------------------------------ turn 7
  [
    {
      from: 'alfa',
      text: cs('alfa', 'přesuň C5 C6', 'A4 špión C7', 'C5 hradby 30', 'C5 hotovost', 'B2 hradby zbytek', 'A4 hotovost'),
      echo: { 'přesuň C5 C6': 'všechny jednotky z C5 na C6 — přesun (C5 C6)', 'A4 špión C7': 'A4: vyslat špióna do C7' },
    },
    { from: 'brana', text: en('brana', 'G1 tech rest', 'I2 cash', 'H4 cash', 'H6 cash') },
    {
      from: 'cerna',
      text: cs('cerna', 'kabat J7 brana', 'J7 hodnota 10', 'I9 hotovost'),
      echo: { 'kabat J7 brana': 'město J7 předat hráči brana i s vašimi jednotkami v něm — změna kabátu' },
      bad: { 'J7 hodnota 10': 'město J7 tento tah mění kabát: žádný jiný příkaz pro něj' },
    },
    { from: 'dana', text: en('dana', 'move 2 infantry C7 C6', 'C7 cash', 'B9 walls rest', 'D10 value rest') },
  ],
  // ------------------------------------------------------------------ turn 8
  [
    { from: 'alfa', text: cs('alfa', 'přesuň C6 C7', 'B2 hradby zbytek', 'C5 hotovost', 'A4 hotovost') },
    { from: 'brana', text: en('brana', 'J7 build 2 infantry', 'J7 value rest', 'G1 tech rest', 'I2 cash', 'H4 cash', 'H6 cash') },
    { from: 'cerna', text: cs('cerna', 'I9 hotovost') },
    {
      from: 'dana',
      text: en('dana', 'attack infantry', 'C7 cash', 'B9 walls rest', 'D10 value rest'),
      echo: { 'attack infantry': 'home infantry attack' },
    },
  ],
  // ------------------------------------------------------------------ turn 9
  [
    {
      from: 'alfa',
      text: cs('alfa', 'C7 hradby zbytek', 'B2 postav 1 rytíř', 'B2 hradby zbytek', 'C5 hotovost', 'A4 hotovost'),
      bad: { 'B2 postav 1 rytíř': 'rytíř vyžaduje vědu 2 (máte 1)' },
    },
    { from: 'brana', text: en('brana', 'G1 tech rest', 'I2 cash', 'H4 cash', 'H6 cash', 'J7 cash') },
    { from: 'cerna', text: cs('cerna', 'kabat I9 brana') },
    { from: 'dana', text: en('dana', 'B9 extra 32', 'B9 walls rest', 'D10 value rest'), echo: { 'B9 extra 32': 'B9: extra yield of 32 xc from the city value' } },
  ],
  // ------------------------------------------------------------------ turn 10
  [
    { from: 'alfa', text: cs('alfa', 'B2 věda zbytek', 'C7 hotovost', 'C5 hotovost', 'A4 hotovost') },
    {
      from: 'brana',
      text: en('brana', 'give 1 infantry I9 cerna', 'I9 value 50', 'I9 cash', 'G1 tech rest', 'I2 cash', 'H4 cash', 'H6 cash', 'J7 cash'),
      bad: { 'give 1 infantry I9 cerna': 'player cerna is out of the game' },
    },
    // Černá is out: every line is refused.
    { from: 'cerna', text: cs('cerna', 'I9 hotovost'), bad: { 'I9 hotovost': 'už nejste ve hře' } },
    // English and Czech words in one block.
    { from: 'dana', text: en('dana', 'B9 cash', 'D10 hodnota zbytek'), echo: { 'D10 hodnota zbytek': 'D10: the rest to city value' } },
  ],
];
