// Commands by mail: players' FINAL/ORDERS/RESEND/PASSWORD/ADDRESS/CONFIRM,
// the GM's block, HELP and LIST; early processing; FanDi's NMR policy.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { duePhases } from '../../src/engine/clockwork.js';
import { createGame } from '../../src/engine/create-game.js';
import { processPhase } from '../../src/engine/pipeline.js';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { getGame, getPlayer } from '../../src/store/games.js';
import { listOutbox } from '../../src/store/outbox.js';
import { orderHelp } from '../../src/render/order-help.js';
import { message } from '../../src/render/templates.js';
import { endGame } from '../../src/engine/gm.js';
import { currentPhase, livePhase } from '../../src/store/phases.js';
import { liveSubmissions } from '../../src/store/submissions.js';
import { count, mail, tavernSetup, testJudge } from '../helpers.js';

const lastMail = (j: ReturnType<typeof testJudge>) => listOutbox(j.db).at(-1)!;

function game(j: ReturnType<typeof testJudge>, extra: Record<string, unknown> = {}) {
  return createGame(j, {
    id: 'tavern',
    kind: 'rpg',
    setup: {
      ...structuredClone(tavernSetup),
      gm: { email: 'gm@example.org', password: 'gm-secret' },
      timezone: 'Europe/Prague',
      schedule: { every: '48h', early: { delay: '10m' } },
      ...extra,
    },
    seed: '5',
    actor: 'test',
  });
}

describe('player commands by mail', { timeout: 60_000 }, () => {
  it('FINAL from every player makes the phase due early, after the delay', async () => {
    const j = testJudge();
    game(j);
    await ingest(j, await mail('alice@example.org', 'GAME tavern alice apple\nROLL 1d6\nFINAL\nEND'), 't');
    expect(duePhases(j)).toEqual([]);
    await ingest(j, await mail('boris@example.ru', 'ИГРА tavern boris berry\nБРОСОК 2d6\nКОНЕЦ'), 't');
    await ingest(j, await mail('boris@example.ru', 'ИГРА tavern boris berry\nГОТОВО\nКОНЕЦ'), 't'); // FINAL alone keeps the orders
    expect(
      JSON.parse(liveSubmissions(j.db, 'tavern', 1).find((s) => s.player_id === 'boris')!.orders_json),
    ).toHaveLength(1);
    expect(lastMail(j).body).toMatch(/не изменились[\s\S]*ГОТОВО/);
    expect(duePhases(j)).toEqual([]); // the delay has not passed
    j.advance(11 * 60_000);
    expect(duePhases(j).map((d) => [d.game.id, d.reason])).toEqual([['tavern', 'early']]);
  });

  it('ORDERS shows the current orders, RESEND sends the last report again, PASSWORD changes it (never echoed)', async () => {
    const j = testJudge();
    game(j);
    await ingest(j, await mail('alice@example.org', 'GAME tavern alice apple\nROLL 3d6 sneak\nEND'), 't');
    await ingest(j, await mail('alice@example.org', 'GAME tavern alice apple\nORDERS\nEND'), 't');
    expect(lastMail(j).body).toMatch(/ORDERS\n\s+= your current orders:\n\s+ROLL 3d6/);
    expect(lastMail(j).body).toMatch(/orders for this phase are unchanged/);
    processPhase(j, 'tavern');
    await ingest(j, await mail('alice@example.org', 'GAME tavern alice apple\nRESEND\nPASSWORD pear-tree\nEND'), 't');
    const ack = lastMail(j);
    expect(ack.kind).toBe('ack');
    expect(ack.body).toMatch(/RESEND\n\s+= your last report is sent again/);
    expect(ack.body).toMatch(/PASSWORD \*+\n\s+= password changed/);
    expect(ack.body).not.toContain('pear-tree');
    expect(listOutbox(j.db).filter((m) => m.kind === 'report' && m.to_addrs.includes('alice@'))).toHaveLength(2);
    expect(
      (await ingest(j, await mail('alice@example.org', 'GAME tavern alice apple\nROLL 1d6\nEND'), 't')).status,
    ).toBe('rejected');
    expect(
      (await ingest(j, await mail('alice@example.org', 'GAME tavern alice pear-tree\nROLL 1d6\nEND'), 't')).status,
    ).toBe('accepted');
  });

  it("a GAME line without the player id: the answer's subject is tagged with the game when there is one", async () => {
    const j = testJudge();
    game(j);
    expect((await ingest(j, await mail('alice@example.org', 'GAME tavern\nROLL 1d6\nEND'), 't')).status).toBe(
      'rejected',
    );
    expect(lastMail(j).subject).toMatch(/^\[tavern\] Orders not accepted: /);
    expect(lastMail(j).body).toContain('GAME <game> <player> <password>');
    expect((await ingest(j, await mail('alice@example.org', 'GAME nosuch\nROLL 1d6\nEND'), 't')).status).toBe(
      'rejected',
    );
    expect(lastMail(j).subject).toMatch(new RegExp(`^\\[${j.config.judge.name}\\] Orders not accepted: `));
  });

  it('a password of several words, set by PASSWORD, opens the GAME line however its words are spaced; other words do not', async () => {
    const j = testJudge();
    game(j);
    const status = async (text: string) => (await ingest(j, await mail('alice@example.org', text), 't')).status;
    expect(await status('GAME tavern alice apple\nPASSWORD  my new\tsecret \nEND')).toBe('accepted');
    expect(lastMail(j).body).toMatch(/PASSWORD \*+\n\s+= password changed/);
    expect(await status('GAME tavern alice my new secret\nROLL 1d6\nEND')).toBe('accepted');
    expect(await status('HRA tavern alice   my  new secret\nROLL 1d6\nKONEC')).toBe('accepted');
    // A word more or less is another password, refused as any wrong one is (and never echoed).
    expect(await status('GAME tavern alice my new secret FINAL\nROLL 1d6\nEND')).toBe('rejected');
    expect(lastMail(j).body).not.toMatch(/secret/);
    expect(await status('GAME tavern alice my new\nROLL 1d6\nEND')).toBe('rejected');
    // A seat whose password is one word is as before.
    expect(
      (await ingest(j, await mail('boris@example.ru', 'ИГРА tavern boris berry\nБРОСОК 2d6\nКОНЕЦ'), 't')).status,
    ).toBe('accepted');
  });

  it('ADDRESS always waits for CONFIRM from the old address, whoever asks; the old address is told', async () => {
    const j = testJudge();
    game(j);
    await ingest(j, await mail('alice@new.example', 'GAME tavern alice apple\nADDRESS alice@new.example\nEND'), 't');
    expect(getPlayer(j.db, 'tavern', 'alice')!.email).toBe('alice@example.org');
    const confirm = listOutbox(j.db).find((m) => m.dedupe_key.startsWith('notice:confirm-address:'))!;
    expect(JSON.parse(confirm.to_addrs)).toEqual(['alice@example.org']);
    const code = /CONFIRM (\d{6})/.exec(confirm.body)![1]!;
    // CONFIRM from the new address is refused; a wrong code too (and counted); from the old one it works.
    await ingest(j, await mail('alice@new.example', `GAME tavern alice apple\nCONFIRM ${code}\nEND`), 't');
    expect(getPlayer(j.db, 'tavern', 'alice')!.email).toBe('alice@example.org');
    await ingest(j, await mail('alice@example.org', `GAME tavern alice apple\nCONFIRM 000000\nEND`), 't');
    expect(count(j, "auth_failures WHERE player_id = 'confirm:alice'")).toBe(1);
    await ingest(j, await mail('alice@example.org', `GAME tavern alice apple\nCONFIRM ${code}\nEND`), 't');
    expect(getPlayer(j.db, 'tavern', 'alice')!.email).toBe('alice@new.example');
    // A mail whose From claims Boris's address of record (anyone can write that line): no change until the old address confirms.
    await ingest(j, await mail('boris@example.ru', 'ИГРА tavern boris berry\nАДРЕС boris@mail.example\nКОНЕЦ'), 't');
    expect(getPlayer(j.db, 'tavern', 'boris')!.email).toBe('boris@example.ru');
    const ack = listOutbox(j.db)
      .filter((m) => m.kind === 'ack')
      .at(-1)!;
    expect(JSON.parse(ack.to_addrs)).toEqual(['boris@example.ru']);
    const code2 = /ПОДТВЕРДИТЬ (\d{6})|CONFIRM (\d{6})/.exec(
      listOutbox(j.db)
        .filter((m) => m.dedupe_key.startsWith('notice:confirm-address:tavern:boris'))
        .at(-1)!.body,
    )!;
    await ingest(
      j,
      await mail('boris@example.ru', `ИГРА tavern boris berry\nПОДТВЕРДИТЬ ${code2[1] ?? code2[2]}\nКОНЕЦ`),
      't',
    );
    expect(getPlayer(j.db, 'tavern', 'boris')!.email).toBe('boris@mail.example');
    // Both addresses hear of each change.
    expect(count(j, "outbox WHERE dedupe_key LIKE 'notice:replaced:tavern:boris:address:%'")).toBe(2);
    expect(count(j, "outbox WHERE dedupe_key LIKE 'notice:replaced:tavern:alice:address:%'")).toBe(2);
    expect(count(j, "audit WHERE action = 'player.address'")).toBe(2);
  });

  it("HELP and LIST as the first line of a mail are answered in the writer's language", async () => {
    const j = testJudge();
    game(j);
    await ingest(j, await mail('someone@example.org', 'HELP\n'), 't');
    expect(lastMail(j).subject).toBe('pbem-judge: help');
    expect(lastMail(j).body).toMatch(/GAME <game> <player> <password>/);
    await ingest(j, await mail('someone@example.org', 'Список'), 't');
    expect(lastMail(j).subject).toBe('pbem-judge: игры');
    expect(lastMail(j).body).toMatch(/tavern +rpg +идёт/);
    await ingest(j, await mail('someone@example.org', 'nápověda'), 't');
    expect(lastMail(j).subject).toBe('pbem-judge: nápověda');
  });

  it('HELP, LIST and RESET name the judge as judge.name says, in every language', async () => {
    const j = testJudge();
    game(j);
    j.config.judge.name = 'Sudí Luk';
    await ingest(j, await mail('someone@example.org', 'nápověda'), 't');
    expect(lastMail(j).subject).toBe('Sudí Luk: nápověda');
    expect(lastMail(j).body).toContain('Tady Sudí Luk, sudí');
    await ingest(j, await mail('someone@example.ru', 'ПОМОЩЬ'), 't');
    expect(lastMail(j).body).toContain('Это Sudí Luk,');
    await ingest(j, await mail('someone@example.org', 'LIST'), 't');
    expect(lastMail(j).subject).toBe('Sudí Luk: games');
    expect(lastMail(j).body).not.toContain('pbem-judge');
  });
});

describe('GM commands by mail', { timeout: 60_000 }, () => {
  it("from the GM's address with the GM password: STATUS, EXTEND, PAUSE, RESUME, PROCESS", async () => {
    const j = testJudge();
    game(j);
    const deadline = Date.parse(currentPhase(j.db, 'tavern')!.deadline!);
    await ingest(
      j,
      await mail('gm@example.org', 'GM tavern gm-secret\nSTATUS\nEXTEND 24h\nPAUSE\nRESUME\nBANANA\nEND'),
      't',
    );
    const reply = lastMail(j);
    expect(JSON.parse(reply.to_addrs)).toEqual(['gm@example.org']);
    expect(reply.body).toMatch(/STATUS\n\s+= running; phase 1[\s\S]*orders missing: alice, boris/);
    expect(reply.body).toMatch(/EXTEND 24h\n\s+= new deadline/);
    expect(reply.body).toMatch(/BANANA\n\s+! unknown GM command/);
    expect(Date.parse(currentPhase(j.db, 'tavern')!.deadline!)).toBe(deadline + 24 * 3600_000);
    expect(count(j, "audit WHERE actor = 'mail:gm@example.org'")).toBe(3);
    await ingest(j, await mail('gm@example.org', 'GM tavern gm-secret\nPROCESS\nEND'), 't');
    expect(livePhase(j.db, 'tavern', 1)!.processed_at).not.toBeNull();
    // Wrong password or another sender: refused, nothing done.
    expect((await ingest(j, await mail('gm@example.org', 'GM tavern wrong\nPROCESS\nEND'), 't')).status).toBe(
      'rejected',
    );
    expect((await ingest(j, await mail('alice@example.org', 'GM tavern gm-secret\nPROCESS\nEND'), 't')).status).toBe(
      'rejected',
    );
    expect(currentPhase(j.db, 'tavern')!.number).toBe(2);
    expect(getGame(j.db, 'tavern')!.status).toBe('active');
  });
  it('a GM block sees what its own earlier lines did: PAUSE then STATUS, RESUME then STATUS and PROCESS', async () => {
    const j = testJudge();
    game(j);
    await ingest(j, await mail('gm@example.org', 'GM tavern gm-secret\nPAUSE\nSTATUS\nPROCESS\nEND'), 't');
    expect(lastMail(j).body).toMatch(/STATUS\n\s+= paused;/);
    expect(lastMail(j).body).toMatch(/PROCESS\n\s+! the game is paused/);
    const r = await ingest(j, await mail('gm@example.org', 'GM tavern gm-secret\nRESUME\nSTATUS\nPROCESS\nEND'), 't');
    const answer = listOutbox(j.db).find((m) => m.dedupe_key === `ack:${r.inboundId}:0`)!.body;
    expect(answer).toMatch(/RESUME\n\s+= resumed/);
    expect(answer).toMatch(/STATUS\n\s+= running; phase 1/);
    expect(answer).toMatch(/PROCESS\n\s+= processed as soon as this mail is stored/);
    expect(livePhase(j.db, 'tavern', 1)!.processed_at).not.toBeNull();
  });
});

describe('HELP <game> in a language the kind has no words in', { timeout: 60_000 }, () => {
  it("comes in the kind's report language (English), as every mail with the kind's words does", async () => {
    const j = testJudge();
    const setup = JSON.parse(readFileSync('games/fandi/setups/default.json', 'utf8'));
    createGame(j, { id: 'f', kind: 'fandi', setup, seed: '3', actor: 'test' });
    const english = orderHelp('fandi', 'en')!.split('\n')[0]!;
    const czech = orderHelp('fandi', 'cs')!.split('\n')[0]!;
    expect(english).not.toBe(czech);
    await ingest(j, await mail('someone@example.ru', 'ПОМОЩЬ f'), 't');
    expect(lastMail(j).body).toContain(english);
    expect(lastMail(j).body).not.toContain(czech);
    // A Czech reader gets the Czech help.
    await ingest(j, await mail('nekdo@example.cz', 'NÁPOVĚDA f'), 't');
    expect(lastMail(j).body).toContain(czech);
  });

  it('the final mail to such a reader has the result in English too, and says the game is over', () => {
    const j = testJudge();
    const setup = JSON.parse(readFileSync('games/fandi/setups/default.json', 'utf8'));
    setup.seats[1].lang = 'ru';
    createGame(j, { id: 'f', kind: 'fandi', setup, seed: '3', actor: 'test' });
    processPhase(j, 'f');
    endGame(j, 'f', 'test');
    const finals = listOutbox(j.db).filter((m) => m.dedupe_key.startsWith('final:f:'));
    const ru = finals.find((m) => m.to_addrs.includes(setup.seats[1].email))!;
    const cs = finals.find((m) => m.to_addrs.includes(setup.seats[0].email))!;
    expect(ru.body).toContain(message('common', 'en', 'final-after', { label: 'turn 1' }));
    expect(cs.body).toContain(message('common', 'cs', 'final-after', { label: 'tah 1' }));
    for (const m of finals) expect(m.body).not.toMatch(/now due|příkazy nyní/);
  });
});

describe('FanDi NMR policy', { timeout: 60_000 }, () => {
  it("a player without orders keeps last turn's investment plan; moves are not repeated; abandoned after 3 misses", async () => {
    const j = testJudge();
    const setup = JSON.parse(readFileSync('games/fandi/setups/default.json', 'utf8'));
    createGame(j, {
      id: 'f',
      kind: 'fandi',
      setup: {
        ...setup,
        gm: { email: 'gm@example.cz' },
        seats: ['alfa', 'brana', 'cerna', 'dana'].map((id) => ({
          id,
          name: id,
          email: `${id}@example.cz`,
          password: `${id}-pw`,
        })),
      },
      seed: '3',
      actor: 'test',
    });
    await ingest(
      j,
      await mail('alfa@example.cz', 'HRA f alfa alfa-pw\n3 pesi B2 C2\nB2 hradby 10\nB2 veda zbytek\nKONEC'),
      't',
    );
    processPhase(j, 'f');
    const walls = () =>
      JSON.parse(currentPhase(j.db, 'f')!.state_json).cities.find((c: { at: string }) => c.at === 'B2').wallsInvested;
    const units = () =>
      JSON.parse(currentPhase(j.db, 'f')!.state_json).units.filter(
        (u: { owner: string; at: string }) => u.owner === 'alfa' && u.at === 'C2',
      ).length;
    expect(walls()).toBe(10);
    expect(units()).toBe(3);
    for (let i = 0; i < 3; i++) processPhase(j, 'f'); // alfa sends nothing for three turns
    expect(walls()).toBe(40); // 10 more each turn: the plan is kept
    expect(units()).toBe(3); // the move was not repeated (C2 → nowhere)
    expect(getPlayer(j.db, 'f', 'alfa')).toMatchObject({ nmr_streak: 3, status: 'abandoned' });
    expect(count(j, "outbox WHERE dedupe_key LIKE 'notice:abandoned:f:alfa:%'")).toBe(2); // the GM and alfa
    // Only the GM's copy names the CLI command that hands the position over.
    const notices = j.db
      .prepare("SELECT to_addrs, body FROM outbox WHERE dedupe_key LIKE 'notice:abandoned:f:alfa:%'")
      .all() as { to_addrs: string; body: string }[];
    const gmCopy = notices.find((n) => !n.to_addrs.includes(getPlayer(j.db, 'f', 'alfa')!.email))!;
    const own = notices.find((n) => n.to_addrs.includes(getPlayer(j.db, 'f', 'alfa')!.email))!;
    expect(gmCopy.body).toContain('judge player replace f alfa');
    expect(own.body).not.toContain('judge player replace');
    // The GM can turn the policy off.
    const k = testJudge();
    createGame(k, {
      id: 'g',
      kind: 'fandi',
      setup: {
        ...setup,
        nmr: { repeat: false },
        seats: ['alfa', 'brana', 'cerna', 'dana'].map((id) => ({
          id,
          name: id,
          email: `${id}@example.cz`,
          password: `${id}-pw`,
        })),
      },
      seed: '3',
      actor: 'test',
    });
    await ingest(k, await mail('alfa@example.cz', 'HRA g alfa alfa-pw\nB2 hradby 10\nKONEC'), 't');
    processPhase(k, 'g');
    processPhase(k, 'g');
    expect(
      JSON.parse(currentPhase(k.db, 'g')!.state_json).cities.find((c: { at: string }) => c.at === 'B2').wallsInvested,
    ).toBe(10);
  });
});
