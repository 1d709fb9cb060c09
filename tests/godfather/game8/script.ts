// The mails of the scripted 8-day game (tests/godfather/game8.test.ts): who writes
// what, and when (Moscow time; day 1 = 1 December 2026). A night's mails after
// midnight carry the next calendar day. Each mail holds one order block; the test
// wraps the lines in "ИГРА mafia <id> <password>" … "КОНЕЦ" (Russian players) or
// "GAME mafia <id> <password>" … "END" (English players).

export type Id =
  | 'ivan' | 'pyotr' | 'anna' | 'maria' | 'oleg' | 'sergey' | 'olga'
  | 'dmitry' | 'elena' | 'nikita' | 'kate' | 'jack' | 'vera';

export interface Seat {
  id: Id;
  name: string;
  email: string;
  password: string;
  lang: 'ru' | 'en';
  role: string;
  character: string;
}

export const SEATS: Seat[] = [
  { id: 'ivan', name: 'Иван', email: 'ivan@example.ru', password: 'iv-pass', lang: 'ru', role: 'aristocrat', character: 'strategist' },
  { id: 'pyotr', name: 'Пётр', email: 'pyotr@example.ru', password: 'py-pass', lang: 'ru', role: 'commander', character: 'loyal' },
  { id: 'anna', name: 'Анна', email: 'anna@example.ru', password: 'an-pass', lang: 'ru', role: 'jesuit', character: 'influential' },
  { id: 'maria', name: 'Мария', email: 'maria@example.ru', password: 'ma-pass', lang: 'ru', role: 'privateer', character: 'charismatic' },
  { id: 'oleg', name: 'Олег', email: 'oleg@example.ru', password: 'ol-pass', lang: 'ru', role: 'innkeeper', character: 'trickster' },
  { id: 'sergey', name: 'Сергей', email: 'sergey@example.ru', password: 'se-pass', lang: 'ru', role: 'shipwright', character: 'loner' },
  { id: 'olga', name: 'Ольга', email: 'olga@example.ru', password: 'og-pass', lang: 'ru', role: 'usurer', character: 'attentive' },
  { id: 'dmitry', name: 'Дмитрий', email: 'dmitry@example.ru', password: 'dm-pass', lang: 'ru', role: 'asiento', character: 'double' },
  { id: 'elena', name: 'Елена', email: 'elena@example.ru', password: 'el-pass', lang: 'ru', role: 'scholar', character: 'vile' },
  { id: 'nikita', name: 'Nikita', email: 'nikita@example.com', password: 'ni-pass', lang: 'en', role: 'indian', character: 'veteran' },
  { id: 'kate', name: 'Kate', email: 'kate@example.com', password: 'ka-pass', lang: 'en', role: 'courtier', character: 'smart' },
  { id: 'jack', name: 'Jack', email: 'jack@example.com', password: 'ja-pass', lang: 'en', role: 'silverhunter', character: 'gossip' },
  { id: 'vera', name: 'Vera', email: 'vera@example.com', password: 've-pass', lang: 'en', role: 'whaler', character: 'tactician' },
];

export interface ScriptMail {
  /** "<calendar day of December> HH:MM", Moscow time. */
  at: string;
  from: Id;
  lines: string[];
}

// The periods: P1 day 1 09–15, P2 day 1 15–21, P3 night 1 (21:00 1 Dec – 09:00 2 Dec), P4 day 2 09–15 …
export const MAILS: ScriptMail[] = [
  // ---------------------------------------------------------------- P1 day 1, 09–15
  { at: '1 09:40', from: 'ivan', lines: ['БОНУС ВО', 'ДЕЙСТВИЕ слух Jack +', 'АНОНИМНО: Ростовщица ведёт двойную бухгалтерию, проверьте её книги.'] },
  { at: '1 10:05', from: 'oleg', lines: ['ДЕЙСТВИЕ байки Анна', 'ДЕЙСТВИЕ хитрость Иван', 'ЛИЧНО Мария: Предлагаю союз трактира и патентов.'] },
  { at: '1 10:20', from: 'maria', lines: ['ДЕЙСТВИЕ патент Анна', 'ЛИЧНО Пётр, Ольга: Ночью пришлю вам приглашения. Соглашайтесь.'] },
  { at: '1 10:45', from: 'anna', lines: ['ДЕЙСТВИЕ влияние ТВ'] },
  { at: '1 11:10', from: 'pyotr', lines: ['ДЕЙСТВИЕ пропуск Kate'] },
  { at: '1 11:30', from: 'kate', lines: ['ACT espionage Мария'] },
  { at: '1 12:00', from: 'nikita', lines: ['ACT beads ivan maria pyotr'] },
  { at: '1 12:30', from: 'vera', lines: ['ACT lights olga', 'PUBLIC: Good morning, gentlemen of the coast. The whaler Vera greets you all.'] },
  { at: '1 13:15', from: 'jack', lines: ['ACT loot anna', 'VOTE anna', 'ACT coins sergey'] },
  // ---------------------------------------------------------------- P2 day 1, 15–21
  { at: '1 15:30', from: 'dmitry', lines: ['ДЕЙСТВИЕ раб Мария +', 'ЛИЧНО Елена: Вступай ко мне ночью, вместе мы сила.'] },
  { at: '1 16:10', from: 'sergey', lines: ['ДЕЙСТВИЕ починка Ольга'] },
  { at: '1 17:00', from: 'elena', lines: ['ДЕЙСТВИЕ карты Иван', 'ЛИЧНО Дмитрий: Согласна, жди ночью.'] },
  { at: '1 18:20', from: 'olga', lines: ['ДЕЙСТВИЕ расписка Сергей', 'ЛИЧНО Мария: Принимаю ваше предложение.'] },
  { at: '1 19:00', from: 'kate', lines: ['ACT intrigue oleg'] },
  // ---------------------------------------------------------------- P3 night 1
  { at: '1 21:30', from: 'maria', lines: ['ПРИГЛАСИТЬ Пётр', 'ПРИГЛАСИТЬ Ольга', 'ДЕЙСТВИЕ уличить Елена'] },
  { at: '1 22:00', from: 'pyotr', lines: ['ПРИНЯТЬ Мария', 'ДЕЙСТВИЕ гарнизон Анна'] },
  { at: '1 22:15', from: 'olga', lines: ['ПРИНЯТЬ Мария', 'ДЕЙСТВИЕ заем Анна'] },
  { at: '1 22:40', from: 'dmitry', lines: ['ПРИГЛАСИТЬ Елена', 'ДЕЙСТВИЕ молва Елена Ольга Мария'] },
  { at: '1 23:00', from: 'elena', lines: ['ПРИНЯТЬ Дмитрий', 'ДЕЙСТВИЕ изучение Олег Пётр Мария'] },
  { at: '1 23:30', from: 'anna', lines: ['ДЕЙСТВИЕ крещение Сергей Nikita Kate'] },
  { at: '2 00:20', from: 'kate', lines: ['ACT diversion oleg'] },
  { at: '2 01:00', from: 'ivan', lines: ['ДЕЙСТВИЕ дегустация Мария'] },
  { at: '2 02:00', from: 'oleg', lines: ['ДЕЙСТВИЕ ром Vera'] },
  { at: '2 03:00', from: 'sergey', lines: ['ДЕЙСТВИЕ переименование Jack'] },
  { at: '2 04:00', from: 'nikita', lines: ['ACT raid dmitry'] },
  { at: '2 05:00', from: 'jack', lines: ['ACT spyglass nikita'] },
  { at: '2 06:00', from: 'vera', lines: ['ACT lamp pyotr'] },
  // ---------------------------------------------------------------- P4 day 2, 09–15 (Сергей, Nikita, Kate absent)
  { at: '2 09:30', from: 'ivan', lines: ['ДЕЙСТВИЕ сплетни', 'ГОЛОС Елена'] },
  { at: '2 09:50', from: 'vera', lines: ['ACT fish jack', 'VOTE elena'] },
  { at: '2 10:10', from: 'dmitry', lines: ['ДЕЙСТВИЕ сеть', 'ГОЛОС Елена'] },
  { at: '2 10:30', from: 'sergey', lines: ['ДЕЙСТВИЕ починка Олег', 'ЛИЧНО Олег: Меня крестят, но я вернусь.'] },
  { at: '2 11:00', from: 'maria', lines: ['ДЕЙСТВИЕ лидер Пётр Олег', 'ГОЛОС Ольга', 'ЛИЧНО Пётр: Олег опасен, я его придержала.'] },
  { at: '2 11:20', from: 'oleg', lines: ['ДЕЙСТВИЕ байки Jack', 'ГОЛОС Елена'] },
  { at: '2 11:40', from: 'elena', lines: ['ДЕЙСТВИЕ карты Анна', 'ГОЛОС Ольга'] },
  { at: '2 12:00', from: 'pyotr', lines: ['ДЕЙСТВИЕ защита Мария', 'ГОЛОС Ольга'] },
  { at: '2 12:30', from: 'anna', lines: ['ДЕЙСТВИЕ проповедь Елена', 'ГОЛОС Ольга', 'ЛИЧНО Иван: Завтра ночью приглашу тебя во фракцию.'] },
  { at: '2 13:00', from: 'jack', lines: ['ACT coins ivan', 'VOTE elena'] },
  { at: '2 13:20', from: 'ivan', lines: ['ДЕЙСТВИЕ сплетни', 'ГОЛОС Елена', 'ЛИЧНО Анна: Буду ждать.'] },
  // ---------------------------------------------------------------- P5 day 2, 15–21
  { at: '2 16:00', from: 'dmitry', lines: ['ГОЛОС Ольга'] },
  // ---------------------------------------------------------------- P6 night 2
  { at: '2 21:40', from: 'maria', lines: ['ДЕЙСТВИЕ переговоры Анна'] },
  { at: '2 22:10', from: 'vera', lines: ['ACT compare pyotr maria', 'ACT lamp anna'] },
  { at: '2 22:30', from: 'ivan', lines: ['ДЕЙСТВИЕ дегустация Анна'] },
  { at: '2 23:00', from: 'pyotr', lines: ['ДЕЙСТВИЕ гарнизон Мария'] },
  { at: '2 23:20', from: 'anna', lines: ['ДЕЙСТВИЕ молитва Мария'] },
  { at: '3 00:30', from: 'oleg', lines: ['ДЕЙСТВИЕ ром Иван'] },
  { at: '3 01:00', from: 'dmitry', lines: ['ДЕЙСТВИЕ спутать Дмитрий'] },
  { at: '3 02:00', from: 'elena', lines: ['ДЕЙСТВИЕ удар Олег'] },
  { at: '3 03:00', from: 'jack', lines: ['ACT spyglass vera'] },
  { at: '3 07:30', from: 'olga', lines: ['ДЕЙСТВИЕ заем Мария'] },
  // ---------------------------------------------------------------- P7 day 3, 09–15
  { at: '3 09:20', from: 'anna', lines: ['ДЕЙСТВИЕ индульгенция Ольга'] },
  { at: '3 09:40', from: 'ivan', lines: ['ДЕЙСТВИЕ слух Ольга +'] },
  { at: '3 10:00', from: 'nikita', lines: ['ACT threats olga'] },
  { at: '3 10:30', from: 'kate', lines: ['ACT espionage dmitry'] },
  { at: '3 10:50', from: 'kate', lines: ['ACT guess 1'] },
  { at: '3 11:00', from: 'jack', lines: ['ACT pigeons maria'] },
  { at: '3 11:30', from: 'oleg', lines: ['ДЕЙСТВИЕ байки Сергей'] },
  { at: '3 12:00', from: 'sergey', lines: ['ДЕЙСТВИЕ починка Иван'] },
  { at: '3 12:30', from: 'elena', lines: ['ДЕЙСТВИЕ карты Пётр'] },
  { at: '3 13:00', from: 'vera', lines: ['ACT lights oleg', 'PRIVATE kate: Keep an eye on the innkeeper.'] },
  { at: '3 13:30', from: 'dmitry', lines: ['ДЕЙСТВИЕ раб Елена +', 'ЛИЧНО Kate: Ночью пришлю приглашение.'] },
  // ---------------------------------------------------------------- P8 day 3, 15–21
  { at: '3 15:30', from: 'maria', lines: ['ДЕЙСТВИЕ патент Nikita', 'ЛИЧНО Пётр: Голуби выкуплены, пишу через тебя.'] },
  { at: '3 16:00', from: 'pyotr', lines: ['ДЕЙСТВИЕ пропуск Олег'] },
  { at: '3 17:00', from: 'kate', lines: ['PRIVATE dmitry: I will accept.'] },
  // ---------------------------------------------------------------- P9 night 3
  { at: '3 21:30', from: 'anna', lines: ['ПРИГЛАСИТЬ Иван', 'ДЕЙСТВИЕ молитва Иван'] },
  { at: '3 21:45', from: 'ivan', lines: ['ПРИНЯТЬ Анна', 'ДЕЙСТВИЕ дегустация Анна'] },
  { at: '3 22:00', from: 'maria', lines: ['ПРИГЛАСИТЬ Дмитрий', 'ДЕЙСТВИЕ уличить Олег'] },
  { at: '3 22:20', from: 'dmitry', lines: ['ПРИГЛАСИТЬ Kate', 'ПРИНЯТЬ Мария', 'ДЕЙСТВИЕ молва Олег Иван Сергей'] },
  { at: '3 22:40', from: 'kate', lines: ['ACCEPT dmitry', 'ACT denounce oleg'] },
  { at: '3 23:00', from: 'pyotr', lines: ['ДЕЙСТВИЕ гарнизон Олег'] },
  { at: '3 23:30', from: 'olga', lines: ['ДЕЙСТВИЕ заем Елена'] },
  { at: '4 00:10', from: 'elena', lines: ['ДЕЙСТВИЕ изучение Олег Иван Сергей'] },
  { at: '4 01:00', from: 'oleg', lines: ['ДЕЙСТВИЕ ром Пётр'] },
  { at: '4 02:00', from: 'sergey', lines: ['ДЕЙСТВИЕ подорвать'] },
  { at: '4 03:00', from: 'nikita', lines: ['ACT raid anna'] },
  { at: '4 04:00', from: 'jack', lines: ['ACT spyglass kate'] },
  { at: '4 05:00', from: 'vera', lines: ['ACT lamp oleg'] },
  // ---------------------------------------------------------------- P10 day 4, 09–15 (vote: Nikita)
  { at: '4 09:15', from: 'nikita', lines: ['ACT shaman +', 'VOTE nikita'] },
  { at: '4 09:30', from: 'ivan', lines: ['ДЕЙСТВИЕ слух Сергей +', 'ГОЛОС Nikita'] },
  { at: '4 09:45', from: 'anna', lines: ['ДЕЙСТВИЕ проповедь Vera', 'ГОЛОС Nikita'] },
  { at: '4 10:00', from: 'oleg', lines: ['ДЕЙСТВИЕ байки Ольга', 'ГОЛОС Nikita'] },
  { at: '4 10:20', from: 'dmitry', lines: ['ДЕЙСТВИЕ раб Kate +', 'ГОЛОС Nikita'] },
  { at: '4 10:40', from: 'kate', lines: ['ACT intrigue jack', 'VOTE nikita'] },
  { at: '4 11:00', from: 'jack', lines: ['ACT coins oleg', 'VOTE nikita'] },
  { at: '4 11:20', from: 'vera', lines: ['ACT lights ivan', 'VOTE nikita'] },
  { at: '4 11:40', from: 'pyotr', lines: ['ГОЛОС Nikita'] },
  { at: '4 12:00', from: 'olga', lines: ['ГОЛОС Nikita'] },
  { at: '4 12:20', from: 'sergey', lines: ['ГОЛОС Nikita'] },
  { at: '4 12:40', from: 'elena', lines: ['ГОЛОС Nikita'] },
  // ---------------------------------------------------------------- P11 day 4, 15–21
  { at: '4 15:20', from: 'maria', lines: ['ДЕЙСТВИЕ патент Дмитрий'] },
  { at: '4 15:40', from: 'sergey', lines: ['ДЕЙСТВИЕ починка Дмитрий'] },
  { at: '4 16:00', from: 'olga', lines: ['ДЕЙСТВИЕ расписка Дмитрий'] },
  { at: '4 16:20', from: 'elena', lines: ['ДЕЙСТВИЕ карты Дмитрий'] },
  { at: '4 16:40', from: 'pyotr', lines: ['ДЕЙСТВИЕ пропуск Олег'] },
  // ---------------------------------------------------------------- P12 night 4
  { at: '4 21:30', from: 'anna', lines: ['ПРИГЛАСИТЬ Елена', 'ДЕЙСТВИЕ молитва Иван'] },
  { at: '4 21:50', from: 'elena', lines: ['ВЫЙТИ', 'ПРИНЯТЬ Анна', 'ДЕЙСТВИЕ изучение Олег Сергей Vera'] },
  { at: '4 22:10', from: 'maria', lines: ['ИСКЛЮЧИТЬ Ольга', 'ДЕЙСТВИЕ уличить Сергей'] },
  { at: '4 22:30', from: 'ivan', lines: ['ДЕЙСТВИЕ дегустация Анна'] },
  { at: '4 22:50', from: 'pyotr', lines: ['ДЕЙСТВИЕ гарнизон Мария'] },
  { at: '4 23:10', from: 'oleg', lines: ['ДЕЙСТВИЕ ром Сергей'] },
  { at: '4 23:30', from: 'sergey', lines: ['ДЕЙСТВИЕ переименование Vera'] },
  { at: '5 00:10', from: 'olga', lines: ['ДЕЙСТВИЕ заем Мария'] },
  { at: '5 00:40', from: 'kate', lines: ['ACT diversion oleg'] },
  { at: '5 01:10', from: 'vera', lines: ['ACT lamp maria'] },
  { at: '5 01:40', from: 'nikita', lines: ['ACT home'] },
  // ---------------------------------------------------------------- P13 day 5, 09–15
  { at: '5 09:10', from: 'vera', lines: ['ACT fish pyotr'] },
  { at: '5 09:30', from: 'ivan', lines: ['ОКОНЧАНИЕ', 'ДЕЙСТВИЕ слух Ольга +'] },
  { at: '5 09:50', from: 'elena', lines: ['ДЕЙСТВИЕ обширные'] },
  { at: '5 10:10', from: 'anna', lines: ['ДЕЙСТВИЕ проповедь Ольга'] },
  { at: '5 10:30', from: 'oleg', lines: ['ДЕЙСТВИЕ байки Vera'] },
  { at: '5 10:50', from: 'sergey', lines: ['ДЕЙСТВИЕ усилить ВО'] },
  { at: '5 11:10', from: 'olga', lines: ['ВСКРЫТЬ Мария', 'ДЕЙСТВИЕ расписка Сергей'] },
  { at: '5 11:30', from: 'kate', lines: ['ACT advert'] },
  { at: '5 11:50', from: 'nikita', lines: ['ACT beads ivan anna maria'] },
  // ---------------------------------------------------------------- P14 day 5, 15–21
  { at: '5 15:30', from: 'maria', lines: ['ДЕЙСТВИЕ лекарство Пётр', 'ЛИЧНО Пётр: Держись, лекарство уже в пути.'] },
  { at: '5 16:00', from: 'pyotr', lines: ['ДЕЙСТВИЕ защита Мария', 'ЛИЧНО Мария: Спасибо, капитан.'] },
  // ---------------------------------------------------------------- P15 night 5
  { at: '5 21:30', from: 'olga', lines: ['ДЕЙСТВИЕ заем Елена'] },
  { at: '5 21:50', from: 'nikita', lines: ['ACT raid anna'] },
  { at: '5 22:10', from: 'elena', lines: ['СМЕСТИТЬ', 'ДЕЙСТВИЕ изучение Олег Мария Kate'] },
  { at: '5 22:30', from: 'ivan', lines: ['СМЕСТИТЬ Анна', 'ДЕЙСТВИЕ дегустация Мария'] },
  { at: '5 22:50', from: 'anna', lines: ['ДЕЙСТВИЕ молитва Мария'] },
  { at: '5 23:10', from: 'maria', lines: ['ДЕЙСТВИЕ уличить Олег'] },
  { at: '5 23:30', from: 'pyotr', lines: ['ДЕЙСТВИЕ гарнизон Анна'] },
  { at: '6 00:10', from: 'oleg', lines: ['ДЕЙСТВИЕ ром Ольга', 'ГОЛОС Анна'] },
  { at: '6 00:30', from: 'sergey', lines: ['ДЕЙСТВИЕ переименование Олег', 'ГОЛОС Анна'] },
  { at: '6 00:50', from: 'kate', lines: ['ACT diversion sergey'] },
  { at: '6 01:10', from: 'vera', lines: ['ACT lamp kate', 'VOTE anna'] },
  // ---------------------------------------------------------------- P16 day 6, 09–15
  { at: '6 09:10', from: 'nikita', lines: ['ACT threats dmitry', 'VOTE anna'] },
  { at: '6 09:30', from: 'ivan', lines: ['ДЕЙСТВИЕ слух Vera +', 'ГОЛОС Анна'] },
  { at: '6 09:50', from: 'anna', lines: ['ДЕЙСТВИЕ проповедь Сергей', 'ГОЛОС Анна'] },
  { at: '6 10:10', from: 'maria', lines: ['ДЕЙСТВИЕ патент Олег', 'ГОЛОС Анна'] },
  { at: '6 10:30', from: 'oleg', lines: ['ДЕЙСТВИЕ байки Пётр', 'ГОЛОС Анна'] },
  { at: '6 10:50', from: 'sergey', lines: ['ДЕЙСТВИЕ починка Иван', 'ГОЛОС Анна'] },
  { at: '6 11:10', from: 'olga', lines: ['ДЕЙСТВИЕ расписка Анна', 'ГОЛОС Анна'] },
  { at: '6 11:30', from: 'elena', lines: ['ДЕЙСТВИЕ карты Kate', 'ГОЛОС Анна'] },
  { at: '6 11:50', from: 'vera', lines: ['ACT lights elena', 'VOTE anna'] },
  // ---------------------------------------------------------------- P17 day 6, 15–21
  { at: '6 15:30', from: 'kate', lines: ['ACT intrigue oleg', 'VOTE anna'] },
  { at: '6 16:00', from: 'pyotr', lines: ['ДЕЙСТВИЕ пропуск Иван', 'ГОЛОС Анна'] },
  { at: '6 16:30', from: 'dmitry', lines: ['ГОЛОС Анна'] },
  // ---------------------------------------------------------------- P18 night 6
  { at: '6 21:30', from: 'ivan', lines: ['ДЕЙСТВИЕ дегустация Анна'] },
  { at: '6 21:50', from: 'pyotr', lines: ['ДЕЙСТВИЕ гарнизон Ольга'] },
  { at: '6 22:10', from: 'anna', lines: ['ДЕЙСТВИЕ молитва Олег'] },
  { at: '6 22:30', from: 'maria', lines: ['ДЕЙСТВИЕ уличить Kate'] },
  { at: '6 22:50', from: 'oleg', lines: ['ДЕЙСТВИЕ ром Nikita'] },
  { at: '6 23:10', from: 'sergey', lines: ['ДЕЙСТВИЕ переименование Мария'] },
  { at: '6 23:30', from: 'olga', lines: ['ДЕЙСТВИЕ заем Vera'] },
  { at: '7 00:10', from: 'elena', lines: ['ДЕЙСТВИЕ изучение Олег Сергей Ольга'] },
  { at: '7 00:30', from: 'kate', lines: ['ACT diversion oleg'] },
  { at: '7 00:50', from: 'nikita', lines: ['ACT home'] },
  { at: '7 01:10', from: 'vera', lines: ['ACT lamp ivan'] },
  // ---------------------------------------------------------------- P19 day 7, 09–15
  { at: '7 09:10', from: 'nikita', lines: ['ACT shaman -'] },
  { at: '7 09:30', from: 'ivan', lines: ['ДЕЙСТВИЕ слух Мария +', 'АНОНИМНО: Кто-то в тюрьме знает больше, чем говорит.'] },
  { at: '7 09:50', from: 'anna', lines: ['ДЕЙСТВИЕ проповедь Пётр'] },
  { at: '7 10:10', from: 'maria', lines: ['ДЕЙСТВИЕ патент Ольга'] },
  { at: '7 10:30', from: 'oleg', lines: ['ДЕЙСТВИЕ байки Иван'] },
  { at: '7 10:50', from: 'sergey', lines: ['ДЕЙСТВИЕ починка Мария'] },
  { at: '7 11:10', from: 'olga', lines: ['ДЕЙСТВИЕ расписка Елена'] },
  { at: '7 11:30', from: 'elena', lines: ['ДЕЙСТВИЕ карты Анна'] },
  { at: '7 11:50', from: 'vera', lines: ['ACT lights anna', 'PUBLIC: Last day, friends. May the best captain win.'] },
  // ---------------------------------------------------------------- P20 day 7, 15–21
  { at: '7 15:30', from: 'kate', lines: ['ACT intrigue vera'] },
  { at: '7 16:00', from: 'pyotr', lines: ['ДЕЙСТВИЕ пропуск Сергей'] },
  // ---------------------------------------------------------------- P21 night 7
  { at: '7 21:30', from: 'ivan', lines: ['ДЕЙСТВИЕ дегустация Анна'] },
  { at: '7 21:50', from: 'pyotr', lines: ['ДЕЙСТВИЕ гарнизон Мария'] },
  { at: '7 22:10', from: 'anna', lines: ['ДЕЙСТВИЕ молитва Ольга'] },
  { at: '7 22:30', from: 'maria', lines: ['ДЕЙСТВИЕ уличить Сергей'] },
  { at: '7 22:50', from: 'oleg', lines: ['ДЕЙСТВИЕ ром Kate'] },
  { at: '7 23:10', from: 'sergey', lines: ['ДЕЙСТВИЕ переименование Ольга'] },
  { at: '7 23:30', from: 'olga', lines: ['ДЕЙСТВИЕ заем Анна'] },
  { at: '8 00:10', from: 'elena', lines: ['ДЕЙСТВИЕ изучение Олег Сергей Мария'] },
  { at: '8 00:30', from: 'kate', lines: ['ACT diversion sergey'] },
  { at: '8 00:50', from: 'nikita', lines: ['ACT home'] },
  { at: '8 01:10', from: 'vera', lines: ['ACT lamp elena'] },
];

/** Game 8's setup without its GM and seats: the title, the Moscow schedule, the roles and characters of SEATS. */
export function game8Setup() {
  return {
    title: 'Наследие крестного отца',
    timezone: 'Europe/Moscow',
    schedule: {
      kinds: { day: { cron: '0 15,21 * * *' }, night: { cron: '0 9 * * *' } },
      start: '2026-12-01T09:00',
      reminders: ['2h'],
    },
    days: 7,
    roles: SEATS.map((s) => s.role),
    characters: Object.fromEntries(SEATS.map((s) => [s.id, s.character])),
  };
}
