// The GM by mail is held to the game's auth.dkim / auth.dmarc as every player
// is (issue #29, point 2): in a game that requires DKIM, a GM block with the
// GM's From and the GM password but no aligned signature does nothing, whatever
// its command; signed by the GM's domain it runs.
import { afterEach, describe, expect, it } from 'vitest';
import { createGame } from '../../src/engine/create-game.js';
import { setDnsResolver } from '../../src/mail/inbound/auth.js';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { getGame } from '../../src/store/games.js';
import { listOutbox } from '../../src/store/outbox.js';
import { currentPhase, livePhase } from '../../src/store/phases.js';
import { count, mail, tavernSetup, testJudge, type TestJudge } from '../helpers.js';
import { dkimRecord, fakeDns, signed } from './dkim.js';

/** A game whose GM is gm@example.org (password gm-secret) and that requires `auth`. */
function game(auth: Record<string, boolean>): TestJudge {
  const j = testJudge();
  createGame(j, {
    id: 'tavern',
    kind: 'rpg',
    setup: {
      ...structuredClone(tavernSetup),
      gm: { email: 'gm@example.org', password: 'gm-secret' },
      schedule: { every: '48h' },
    },
    seed: '5',
    actor: 'test',
  });
  j.db.prepare('UPDATE games SET config_json = ? WHERE id = ?').run(JSON.stringify({ auth }), 'tavern');
  return j;
}

/** Every GM command by mail (README, "The GM by mail"). */
const GM_COMMANDS = [
  'STATUS',
  'PROCESS',
  'EXTEND 24h',
  'PAUSE',
  'RESUME',
  'RESEND alice',
  'ORDERS alice',
  'DECIDE alice.1 5',
  'NARRATIVE alice The roof leaks.',
  'BULLETIN The king is dead.',
  'ROLL 2d6 ambush',
  'HOLD',
  'RELEASE',
  'WORKSHEET',
  'PREVIEW',
];

/** What a GM command could have changed: the audit, the GM inputs, the phase, the game, the GM's answers. */
function traces(j: TestJudge) {
  const p = currentPhase(j.db, 'tavern')!;
  return {
    audit: count(j, "audit WHERE actor LIKE 'mail:%'"),
    inputs: count(j, 'gm_inputs'),
    phase: p.number,
    deadline: p.deadline,
    processed: livePhase(j.db, 'tavern', 1)!.processed_at,
    status: getGame(j.db, 'tavern')!.status,
    gmAnswers: listOutbox(j.db).filter((m) => m.kind === 'ack').length,
    reports: count(j, "outbox WHERE kind = 'report'"),
  };
}

afterEach(() => setDnsResolver(null));

describe('the GM by mail in a game that requires DKIM or DMARC', { timeout: 120_000 }, () => {
  it.each([
    ['dkim', { dkim: true }],
    ['dmarc', { dmarc: true }],
  ])(
    '%s: every GM command with a forged From (no signature, or another domain’s) is refused and does nothing',
    async (_, auth) => {
      fakeDns({ ...dkimRecord('evil.example'), '_dmarc.example.org': 'v=DMARC1; p=reject' });
      const j = game(auth);
      const before = traces(j);
      for (const command of GM_COMMANDS) {
        const forged = () => mail('Game Master <gm@example.org>', `GM tavern gm-secret\n${command}\nEND`);
        for (const raw of [await forged(), await signed(await forged(), 'evil.example')]) {
          const r = await ingest(j, raw, 'test');
          expect(r.status, command).toBe('rejected');
          expect(r.blocks[0]!.reason, command).toMatch(/requires (a DKIM signature|your mail to pass DMARC)/);
        }
      }
      expect(traces(j)).toEqual(before);
      // Refused for the signature, not the password: no wrong password was counted.
      expect(count(j, 'auth_failures')).toBe(0);
    },
  );

  it('signed by the GM’s domain (aligned), the same commands run', async () => {
    fakeDns({ ...dkimRecord('example.org'), '_dmarc.example.org': 'v=DMARC1; p=reject' });
    const j = game({ dkim: true, dmarc: true });
    const gm = async (lines: string) => {
      const r = await ingest(
        j,
        await signed(await mail('gm@example.org', `GM tavern gm-secret\n${lines}\nEND`), 'example.org'),
        'test',
      );
      expect(r.status, r.reason ?? '').toBe('accepted');
      return listOutbox(j.db)
        .filter((m) => m.kind === 'ack')
        .at(-1)!.body;
    };
    const before = traces(j);
    const answer = await gm(GM_COMMANDS.filter((c) => c !== 'PROCESS').join('\n'));
    for (const c of ['STATUS', 'EXTEND 24h', 'PAUSE', 'RESUME', 'BULLETIN', 'ROLL 2d6']) expect(answer).toContain(c);
    const after = traces(j);
    expect(after.inputs).toBeGreaterThan(before.inputs); // BULLETIN, ROLL, NARRATIVE recorded
    expect(after.audit).toBeGreaterThan(before.audit);
    expect(Date.parse(after.deadline!)).toBe(Date.parse(before.deadline!) + 24 * 3_600_000);
    await gm('PROCESS');
    expect(livePhase(j.db, 'tavern', 1)!.processed_at).not.toBeNull();
  });
});
