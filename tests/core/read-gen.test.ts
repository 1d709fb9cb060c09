// Rows of games, players and phases kept per connection while nothing wrote
// those tables (store/read-gen.ts): every write, by this connection, another
// one or an SQL shell, changes the store's read generation (triggers), and a
// kept answer is used only at the generation it was read at. A rolled-back
// write takes its generation back with it, and what was read inside it is not
// used again.
import { describe, expect, it } from 'vitest';
import { dbPath, openDb, transact } from '../../src/store/db.js';
import { gameConfigJson, getGame, getPlayer, insertGame, insertPlayer, listPlayers } from '../../src/store/games.js';
import { currentPhase, insertPhase } from '../../src/store/phases.js';
import { genCached, readGen } from '../../src/store/read-gen.js';
import { tempDir } from '../helpers.js';

const at = '2026-11-29T12:00:00.000Z';

function store() {
  const file = dbPath(tempDir());
  const db = openDb(file);
  insertGame(db, {
    id: 'g',
    kind: 'rpg',
    title: 'G',
    lang: 'en',
    seed: 's',
    setup_json: '{}',
    config_json: '{}',
    gm_email: null,
    gm_password_hash: null,
    created_at: at,
  });
  for (const id of ['anna', 'boris'])
    insertPlayer(db, {
      game_id: 'g',
      id,
      name: id.toUpperCase(),
      email: `${id}@example.org`,
      password_hash: '',
      lang: 'en',
      created_at: at,
    });
  insertPhase(db, {
    game_id: 'g',
    number: 1,
    kind: 'turn',
    label: 'Turn 1',
    deadline: null,
    seed: 'k1',
    state_json: '{"n":1}',
    state_hash: 'h1',
    created_at: at,
  });
  return { file, db };
}

/** How often db.prepare was asked for SQL starting so (the queries the kept rows stand for). */
function counting(db: ReturnType<typeof openDb>) {
  const asked = new Map<string, number>();
  const prepare = db.prepare.bind(db);
  db.prepare = ((sql: string) => {
    const k = sql.replace(/\s+/g, ' ').trim().slice(0, 24);
    asked.set(k, (asked.get(k) ?? 0) + 1);
    return prepare(sql);
  }) as typeof db.prepare;
  return (prefix: string) => [...asked].filter(([k]) => k.startsWith(prefix)).reduce((n, [, c]) => n + c, 0);
}

describe('rows kept while games, players and phases are unwritten', () => {
  it('answers again without the query while nothing was written; any write to the three tables is seen at once', () => {
    const { db } = store();
    const asked = counting(db);
    expect(getGame(db, 'g')!.title).toBe('G');
    expect(getGame(db, 'g')!.title).toBe('G');
    expect(asked('SELECT * FROM games')).toBe(1);
    expect(getPlayer(db, 'g', 'ANNA')!.id).toBe('anna'); // lower(id) = lower(?), as before
    expect(getPlayer(db, 'g', 'anna')!.id).toBe('anna');
    expect(listPlayers(db, 'g').map((p) => p.id)).toEqual(['anna', 'boris']);
    expect(listPlayers(db, 'g').length).toBe(2);
    expect(asked('SELECT * FROM players')).toBe(3); // two keys of getPlayer, one of listPlayers
    // Writes to other tables keep what was read.
    db.prepare("INSERT INTO audit (at, actor, action) VALUES (?, 'test', 'x')").run(at);
    expect(getGame(db, 'g')!.title).toBe('G');
    expect(asked('SELECT * FROM games')).toBe(1);

    // Each of the three tables, and each kind of write.
    const gen0 = readGen(db);
    db.prepare("UPDATE games SET title = 'G2', config_json = '{\"x\":1}' WHERE id = 'g'").run();
    expect(readGen(db)).not.toBe(gen0);
    expect(getGame(db, 'g')!.title).toBe('G2');
    expect(gameConfigJson(db, 'g')).toBe('{"x":1}');
    db.prepare("UPDATE players SET lang = 'cs' WHERE id = 'boris'").run();
    expect(getPlayer(db, 'g', 'boris')!.lang).toBe('cs');
    expect(listPlayers(db, 'g').find((p) => p.id === 'boris')!.lang).toBe('cs');
    insertPlayer(db, {
      game_id: 'g',
      id: 'cyril',
      name: 'C',
      email: 'c@example.org',
      password_hash: '',
      lang: 'cs',
      created_at: at,
    });
    expect(listPlayers(db, 'g').map((p) => p.id)).toEqual(['anna', 'boris', 'cyril']);
    db.prepare("DELETE FROM players WHERE id = 'cyril'").run();
    expect(getPlayer(db, 'g', 'cyril')).toBeUndefined();
    expect(currentPhase(db, 'g')!.number).toBe(1);
    insertPhase(db, {
      game_id: 'g',
      number: 2,
      kind: 'turn',
      label: 'Turn 2',
      deadline: null,
      seed: 'k2',
      state_json: '{"n":2}',
      state_hash: 'h2',
      created_at: at,
    });
    expect(currentPhase(db, 'g')!.number).toBe(2);
    db.prepare('UPDATE phases SET deadline = ? WHERE number = 2').run(at);
    expect(currentPhase(db, 'g')!.deadline).toBe(at);
  });

  it("sees another connection's writes (another process, an SQL shell)", () => {
    const { file, db } = store();
    expect(getPlayer(db, 'g', 'anna')!.email).toBe('anna@example.org');
    expect(currentPhase(db, 'g')!.state_json).toBe('{"n":1}');
    const shell = openDb(file);
    shell.prepare("UPDATE players SET email = 'new@example.org' WHERE id = 'anna'").run();
    shell.prepare('UPDATE phases SET state_json = \'{"n":9}\' WHERE number = 1').run();
    expect(getPlayer(db, 'g', 'anna')!.email).toBe('new@example.org');
    expect(currentPhase(db, 'g')!.state_json).toBe('{"n":9}');
    shell.close();
  });

  it('forgets what was read inside a write that was rolled back, also when a later write comes round to the same table', () => {
    const { db } = store();
    expect(getPlayer(db, 'g', 'anna')!.lang).toBe('en');
    expect(() =>
      transact(db, () => {
        db.prepare("UPDATE players SET lang = 'ru' WHERE id = 'anna'").run();
        expect(getPlayer(db, 'g', 'anna')!.lang).toBe('ru'); // read (and kept) inside the write
        throw new Error('rolled back');
      }),
    ).toThrow('rolled back');
    expect(getPlayer(db, 'g', 'anna')!.lang).toBe('en');
    // The same again, then another write to the same row that commits: its own values, not the rolled-back ones.
    expect(() =>
      transact(db, () => {
        db.prepare("UPDATE players SET lang = 'ru' WHERE id = 'anna'").run();
        getPlayer(db, 'g', 'anna');
        throw new Error('rolled back');
      }),
    ).toThrow();
    db.prepare("UPDATE players SET name = 'Anna K.' WHERE id = 'anna'").run();
    expect(getPlayer(db, 'g', 'anna')).toMatchObject({ name: 'Anna K.', lang: 'en' });
  });

  it('gives every caller its own objects: changing one changes nothing kept', () => {
    const { db } = store();
    const g = getGame(db, 'g')!;
    g.title = 'changed';
    const ps = listPlayers(db, 'g');
    ps[0]!.name = 'changed';
    ps.reverse();
    const p = getPlayer(db, 'g', 'boris')!;
    p.lang = 'ru';
    const ph = currentPhase(db, 'g')!;
    ph.state_json = 'changed';
    expect(getGame(db, 'g')!.title).toBe('G');
    expect(listPlayers(db, 'g').map((x) => [x.id, x.name])).toEqual([
      ['anna', 'ANNA'],
      ['boris', 'BORIS'],
    ]);
    expect(getPlayer(db, 'g', 'boris')!.lang).toBe('en');
    expect(currentPhase(db, 'g')!.state_json).toBe('{"n":1}');
  });

  it('keeps answers per connection and key; a generation that changed drops them all', () => {
    const { file, db } = store();
    let loads = 0;
    const load = () => ++loads;
    expect(genCached(db, 'k', load)).toBe(1);
    expect(genCached(db, 'k', load)).toBe(1);
    expect(genCached(db, 'other', load)).toBe(2);
    const second = openDb(file);
    expect(genCached(second, 'k', load)).toBe(3); // its own
    db.prepare("UPDATE games SET status = 'paused' WHERE id = 'g'").run();
    expect(genCached(db, 'k', load)).toBe(4);
    expect(genCached(second, 'k', load)).toBe(5);
    second.close();
  });
});
