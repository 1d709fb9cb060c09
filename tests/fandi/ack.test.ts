// The acknowledgement of a FanDi order mail names the turn once: a FanDi turn is its phase,
// and its label ("tah 1", "turn 1") already holds the number, so the header is the label alone.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createGame } from '../../src/engine/create-game.js';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { mail, testJudge } from '../helpers.js';

describe('FanDi acknowledgement', () => {
  it('names the turn once, in a real acknowledgement', async () => {
    const j = testJudge();
    const setup = JSON.parse(readFileSync('games/fandi/setups/default.json', 'utf8'));
    createGame(j, {
      id: 'a',
      kind: 'fandi',
      seed: '1',
      actor: 'test',
      setup: {
        ...setup,
        gm: { email: 'gm@example.cz' },
        seats: [
          { id: 'alfa', name: 'Alfa', email: 'alfa@example.cz', password: 'pw-alfa', lang: 'cs' },
          { id: 'brana', name: 'Brana', email: 'brana@example.org', password: 'pw-brana', lang: 'en' },
        ],
      },
    });
    await ingest(j, await mail('alfa@example.cz', 'HRA a alfa pw-alfa\nB2 hradby 5\nKONEC'), 't');
    await ingest(j, await mail('brana@example.org', 'GAME a brana pw-brana\nI2 walls 5\nEND'), 't');
    const acks = j.db.prepare("SELECT subject, body FROM outbox WHERE kind = 'ack' ORDER BY id").all() as {
      subject: string;
      body: string;
    }[];
    expect(acks[0]!.body).toMatch(/^Fáze: +[Tt]ah 1$/m);
    expect(acks[0]!.body).not.toMatch(/1, [Tt]ah 1/);
    expect(acks[0]!.subject).toMatch(/[Tt]ah 1/);
    expect(acks[1]!.body).toMatch(/^Phase: +[Tt]urn 1$/m);
    expect(acks[1]!.body).not.toMatch(/1, [Tt]urn 1/);
  });
});
