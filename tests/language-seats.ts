// Seats by mail for the language test of issue #32: a FanDi sign-up game (Czech,
// its GM Russian) that Czech and Russian readers JOIN and CONFIRM, the GM
// approves and denies, one withdraws, the GM STARTs it; absences within the
// limits, over them (approved, denied) and in the past; a position abandoned,
// LIST showing it open, a TAKEOVER confirmed and approved. FanDi has no Russian
// words: a Russian seat's start mail, reports and acknowledgements are in its
// report language (English), its notices, answers and errors in Russian.
import { readFileSync } from 'node:fs';
import { createGame } from '../src/engine/create-game.js';
import { listOutbox } from '../src/store/outbox.js';
import { currentPhase } from '../src/store/phases.js';
import { kindVocabulary } from './language.js';
import { type GameLife, H, World } from './language-life.js';

const GAME = 's32';
const GM = 'gm@example.cz';

/** The code of a JOIN or TAKEOVER answer. */
function codeOf(w: World, email: string): string {
  const body = listOutbox(w.j.db)
    .filter((r) => (JSON.parse(r.to_addrs) as string[]).includes(email))
    .map((r) => r.body)
    .reverse()
    .find((b) => /(?:CONFIRM|POTVRDIT|ПОДТВЕРДИТЬ) \S+ (\d{6})\b/.test(b));
  return /(?:CONFIRM|POTVRDIT|ПОДТВЕРДИТЬ) \S+ (\d{6})\b/.exec(body ?? '')?.[1] ?? '000000';
}

/** The id and password a "seated" notice brought. */
function seatOf(w: World, email: string): { id: string; password: string } {
  for (const r of listOutbox(w.j.db).reverse()) {
    if (!(JSON.parse(r.to_addrs) as string[]).includes(email) || !r.dedupe_key.includes(':seated:')) continue;
    const id = /(?:Your id|Vaše id|Ваш id):\s+(\S+)/.exec(r.body)?.[1];
    const password = /(?:Password|Heslo|Пароль):\s+(\S+)/.exec(r.body)?.[1];
    if (id && password) return { id, password };
  }
  throw new Error(`no seat for ${email}`);
}

const requestOf = (w: World, email: string, kind: string): number =>
  (
    w.j.db
      .prepare('SELECT id FROM seat_requests WHERE game_id = ? AND email = ? AND kind = ? ORDER BY id DESC LIMIT 1')
      .get(GAME, email, kind) as { id: number } | undefined
  )?.id ?? 0;

export async function seatsLife(): Promise<GameLife> {
  const w = new World();
  const { seats: _s, ...base } = JSON.parse(readFileSync('games/fandi/setups/default.json', 'utf8'));
  createGame(w.j, {
    id: GAME,
    kind: 'fandi',
    setup: {
      ...base,
      title: 'Místa poštou',
      lang: 'cs',
      gm: { email: GM, password: 'gm-secret', lang: 'ru' },
      timezone: 'Europe/Prague',
      schedule: { every: '72h', reminders: ['12h'] },
      signup: { seats: 4, min: 3, approve: 'gm', confirm: '24h' },
      absence: { effect: 'extend', slots: 1, longest: '2d', most: '20d', cap: '3d' },
      takeover: { approve: 'gm', extend: '48h' },
      nmr: { abandonAfter: 1 },
    },
    seed: '32',
    actor: 'test',
  });
  const gm = (lines: string[]) => w.send(GM, `GM ${GAME} gm-secret\n${lines.join('\n')}\nКОНЕЦ\n`);
  const people = [
    { email: 'ivan@example.ru', lang: 'ru', line: `ВСТУПИТЬ ${GAME} Иван` },
    { email: 'olga@example.ru', lang: 'ru', line: `ВСТУПИТЬ ${GAME} Ольга Сергеевна` },
    { email: 'jiri@example.cz', lang: 'cs', line: `PŘIHLÁSIT ${GAME} Jiří Novák` },
    { email: 'petr@example.cz', lang: 'cs', line: `PŘIHLÁSIT ${GAME} Petr` },
    { email: 'eva@example.cz', lang: 'cs', line: `PŘIHLÁSIT ${GAME} Eva` },
  ] as const;
  w.langs.set(GM, 'ru');
  for (const p of people) w.langs.set(p.email, p.lang);
  for (const [a, l] of [
    ['zvedavy@example.cz', 'cs'],
    ['lyubopytny@example.ru', 'ru'],
  ] as const)
    w.langs.set(a, l);

  // LIST, JOIN (one twice, one to a game that is not there), CONFIRM (one wrong code first).
  await w.send('zvedavy@example.cz', 'SEZNAM\n');
  await w.send('lyubopytny@example.ru', 'СПИСОК\n');
  for (const p of people) await w.send(p.email, `${p.line}\n`);
  await w.send('ivan@example.ru', `ВСТУПИТЬ ${GAME} Иван Снова\n`);
  await w.send('jiri@example.cz', 'PŘIHLÁSIT nicneni Jiří\n');
  await w.send('ivan@example.ru', `ПОДТВЕРДИТЬ ${GAME} 000000\n`);
  for (const p of people)
    await w.send(p.email, `${p.lang === 'ru' ? 'ПОДТВЕРДИТЬ' : 'POTVRDIT'} ${GAME} ${codeOf(w, p.email)}\n`);
  // The GM: STATUS, approves three; Jiří withdraws; the GM approves Petr, denies Eva and STARTs the game with three.
  await gm([
    'СТАТУС',
    'ПРОСМОТР',
    'ЛИСТ',
    'ПРОДЛИТЬ 24h',
    'ПАУЗА',
    ...people.slice(0, 3).map((p) => `ОДОБРИТЬ ${requestOf(w, p.email, 'join')}`),
  ]);
  const jiri = seatOf(w, 'jiri@example.cz');
  await w.send('jiri@example.cz', `HRA ${GAME} ${jiri.id} ${jiri.password}\nODSTOUPIT\nKONEC\n`);
  await gm([
    `ОДОБРИТЬ ${requestOf(w, 'petr@example.cz', 'join')}`,
    `ОТКЛОНИТЬ ${requestOf(w, 'eva@example.cz', 'join')}`,
    'ОДОБРИТЬ 999',
    'ОДОБРИТЬ',
  ]);
  await gm(['СТАТУС', 'НАЧАТЬ']);

  // Absences: within the limits (Olga), over them (Ivan: approved; Petr: denied), in the past (Petr).
  const ivan = seatOf(w, 'ivan@example.ru');
  const olga = seatOf(w, 'olga@example.ru');
  const petr = seatOf(w, 'petr@example.cz');
  const block = (lang: string, s: { id: string; password: string }, lines: string[]) =>
    lang === 'ru'
      ? `ИГРА ${GAME} ${s.id} ${s.password}\n${lines.join('\n')}\nКОНЕЦ\n`
      : `HRA ${GAME} ${s.id} ${s.password}\n${lines.join('\n')}\nKONEC\n`;
  await w.send('olga@example.ru', block('ru', olga, ['ОТСУТСТВИЕ 30.11.2026 1.12.2026']));
  await w.send('ivan@example.ru', block('ru', ivan, ['ОТСУТСТВИЕ 1.12.2026 8.12.2026']));
  await w.send('petr@example.cz', block('cs', petr, ['NEPŘÍTOMNOST 1.1.2020 2.1.2020']));
  await w.send('petr@example.cz', block('cs', petr, ['NEPŘÍTOMNOST 2.12.2026 9.12.2026']));
  await gm([
    'СТАТУС',
    `ОДОБРИТЬ ${requestOf(w, 'ivan@example.ru', 'absence')}`,
    `ОТКЛОНИТЬ ${requestOf(w, 'petr@example.cz', 'absence')}`,
  ]);
  // Orders from Ivan and Olga; Petr sends none and is abandoned at the deadline.
  await w.send('ivan@example.ru', block('ru', ivan, ['čekám']));
  await w.send('olga@example.ru', block('ru', olga, ['čekám']));
  const start = currentPhase(w.j.db, GAME)?.number;
  for (let i = 0; i < 120 && currentPhase(w.j.db, GAME)?.number === start; i++) {
    w.j.advance(3 * H);
    await w.run();
  }
  // The open position in LIST; a takeover asked, confirmed, approved.
  w.langs.set('novak@example.ru', 'ru');
  await w.send('lyubopytny@example.ru', 'СПИСОК\n');
  await w.send('novak@example.ru', `ПРИНЯТЬ ${GAME} ${petr.id}\n`);
  await w.send('novak@example.ru', `ПОДТВЕРДИТЬ ${GAME} ${codeOf(w, 'novak@example.ru')}\n`);
  await gm([`ОДОБРИТЬ ${requestOf(w, 'novak@example.ru', 'takeover')}`, 'СТАТУС']);
  w.learn(GAME);
  return {
    world: w,
    game: GAME,
    lang: 'cs',
    // The gods the seed dealt are names of the setup.
    allowed: [
      GAME,
      'fandi',
      'FanDi',
      'xc',
      'Alfa',
      'Dana',
      ...['ivan', 'olga', 'jiri', 'petr', 'eva', ivan.id, olga.id, petr.id, jiri.id],
    ],
    names: ['Иван', 'Ольга Сергеевна', 'Jiří Novák', 'Petr', 'Eva'],
    vocabulary: kindVocabulary('fandi'),
  };
}
