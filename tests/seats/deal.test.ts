// What a kind deals when a sign-up game starts (issue #31): the Godfather game's
// 13 roles and secret characters by the seeded generator (each start mail shows
// its reader's own and nobody else's secret), and the nation game's seats the
// GM designed, claimed by name (JOIN <game> <seat> [name]).
import { describe, expect, it } from 'vitest';
import { createGame } from '../../src/engine/create-game.js';
import { readSetupFile } from '../../src/engine/setup-file.js';
import type { GState } from '../../src/games/godfather/state.js';
import { character } from '../../src/games/godfather/tables.js';
import type { NationState } from '../../src/games/nation/types.js';
import { message } from '../../src/render/templates.js';
import { getGame, listPlayers } from '../../src/store/games.js';
import { listOutbox } from '../../src/store/outbox.js';
import { currentPhase } from '../../src/store/phases.js';
import { count, testJudge, type TestJudge } from '../helpers.js';
import { codeOf, playerMailProblems, run, send, to } from './helpers.js';

const NAMES = [
  'Иван',
  'Пётр',
  'Анна',
  'Мария',
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

function godfatherSetup(): Record<string, unknown> {
  const {
    seats: _s,
    roles: _r,
    ...s
  } = readSetupFile('games/godfather/setups/default.yaml') as Record<string, unknown>;
  return { ...s, gm: { email: 'gm@example.ru', password: 'gm-secret' }, signup: { approve: 'auto' } };
}

/** Sign up and confirm from each address; returns the ids the judge gave. */
async function signUp(j: TestJudge, game: string, lines: [string, string][]): Promise<void> {
  for (const [email, line] of lines) {
    const { reply, result } = await send(j, email, `${line}\n`);
    expect(result.status, `${line}: ${reply?.body}`).toBe('accepted');
    const done = await send(j, email, `ПОДТВЕРДИТЬ ${game} ${codeOf(reply!.body)}\n`);
    expect(done.result.status).toBe('accepted');
  }
}

describe('what a sign-up game deals at the start', () => {
  it('Godfather: 13 players join, the seed deals roles and characters, each start mail keeps the others’ secrets', async () => {
    const j = testJudge();
    createGame(j, { id: 'mafia', kind: 'godfather', setup: godfatherSetup(), seed: '8', actor: 'test' });
    await signUp(
      j,
      'mafia',
      NAMES.map((n, i) => [`p${i}@example.ru`, `ВСТУПИТЬ mafia ${n}`]),
    );
    expect(listPlayers(j.db, 'mafia')).toHaveLength(13);
    await run(j);
    expect(getGame(j.db, 'mafia')!.status).toBe('active');
    const state = JSON.parse(currentPhase(j.db, 'mafia')!.state_json) as GState;
    expect(state.players).toHaveLength(13);
    expect(new Set(state.players.map((p) => p.role)).size).toBe(13);
    expect(new Set(state.players.map((p) => p.character)).size).toBe(13);

    const starts = listOutbox(j.db).filter((r) => r.dedupe_key.startsWith('start:mafia:'));
    expect(starts).toHaveLength(14);
    for (const me of state.players) {
      const player = listPlayers(j.db, 'mafia').find((p) => p.id === me.id)!;
      const mine = to(starts, player.email);
      expect(mine).toHaveLength(1);
      const body = mine[0]!.body;
      const position = body.slice(0, body.indexOf(message('godfather', 'ru', 'start-help-heading')));
      expect(position).toContain(character(me.character).name.ru);
      for (const other of state.players.filter((x) => x.id !== me.id)) {
        const secret = character(other.character).name.ru;
        expect(position, `${me.id} sees ${other.id}'s character`).not.toMatch(
          new RegExp(`(?<![\\p{L}])${secret}(?![\\p{L}])`, 'u'),
        );
      }
    }
    expect(playerMailProblems(j, 'gm@example.ru')).toEqual([]);

    // The same seed and the same sign-ups deal the same.
    const k = testJudge();
    createGame(k, { id: 'mafia', kind: 'godfather', setup: godfatherSetup(), seed: '8', actor: 'test' });
    await signUp(
      k,
      'mafia',
      NAMES.map((n, i) => [`p${i}@example.ru`, `ВСТУПИТЬ mafia ${n}`]),
    );
    await run(k);
    const again = JSON.parse(currentPhase(k.db, 'mafia')!.state_json) as GState;
    expect(again.players.map((p) => [p.id, p.role, p.character])).toEqual(
      state.players.map((p) => [p.id, p.role, p.character]),
    );
  });

  it('nation: the named seats are claimed by JOIN <game> <seat>; a seat taken or unknown is refused', async () => {
    const j = testJudge();
    const { seats: _s, ...setup } = readSetupFile('games/nation/setups/default.yaml') as Record<string, unknown>;
    createGame(j, {
      id: 'luk',
      kind: 'nation',
      setup: { ...setup, signup: { waitlist: false } },
      seed: '4',
      actor: 'test',
    });
    // LIST names the free seats with their countries.
    const list = await send(j, 'who@example.org', 'СПИСОК\n');
    expect(list.reply!.body).toContain('ivan (Гиперборея)');
    expect(list.reply!.body).toContain('olga (Китеж)');

    await signUp(j, 'luk', [
      ['ivan@example.org', 'ВСТУПИТЬ luk ivan Иван Петрович'],
      ['marya@example.org', 'ВСТУПИТЬ luk marya Марья Искусница'],
      ['fedor@example.org', 'ВСТУПИТЬ luk fedor'],
    ]);
    const before = count(j, 'seat_requests');
    const taken = await send(j, 'other@example.org', 'ВСТУПИТЬ luk ivan Самозванец\n');
    expect(taken.reply!.body).toContain(message('common', 'ru', 'seat-err-seat-taken', { game: 'luk', seat: 'ivan' }));
    const unknown = await send(j, 'other@example.org', 'ВСТУПИТЬ luk boris Борис\n');
    expect(unknown.reply!.body).toContain('«boris»');
    expect(count(j, 'seat_requests')).toBe(before);

    await run(j);
    expect(getGame(j.db, 'luk')!.status).toBe('signup');
    await signUp(j, 'luk', [['olga@example.org', 'ВСТУПИТЬ luk olga Ольга Сергеевна']]);
    await run(j);
    expect(getGame(j.db, 'luk')!.status).toBe('active');
    const state = JSON.parse(currentPhase(j.db, 'luk')!.state_json) as NationState;
    const runs = Object.fromEntries(state.countries.map((c) => [c.player, c.id]));
    expect(runs).toEqual({ ivan: 'hyperborea', marya: 'tmutarakan', fedor: 'belovodye', olga: 'kitezh' });
    const names = Object.fromEntries(listPlayers(j.db, 'luk').map((p) => [p.id, p.name]));
    expect(names).toEqual({ fedor: 'fedor', ivan: 'Иван Петрович', marya: 'Марья Искусница', olga: 'Ольга Сергеевна' });
    const starts = listOutbox(j.db).filter((r) => r.dedupe_key.startsWith('start:luk:'));
    expect(to(starts, 'ivan@example.org')[0]!.body).toContain('Гиперборея');
    expect(playerMailProblems(j, 'gm@example.org')).toEqual([]);
  });
});
