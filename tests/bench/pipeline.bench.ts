// `npm run bench`: speed of the hot paths, each group against a baseline
// measured in the same run (vitest bench prints "N× faster/slower than").
import { bench, describe } from 'vitest';
import { processPhase } from '../../src/engine/pipeline.js';
import { canonicalJson } from '../../src/engine/hash.js';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { normalize } from '../../src/mail/inbound/normalize.js';
import { findBlocks } from '../../src/mail/inbound/envelope.js';
import { mail, tavern, testJudge } from '../helpers.js';

const orders = Array.from({ length: 40 }, (_, i) => `ROLL ${1 + (i % 5)}d6+${i % 3} roll ${i}`).join('\n');
const raw = await mail('alice@example.org', `GAME tavern alice apple\n${orders}\nEND\n\n-- \nAlice\n`);

describe('one order mail', () => {
  bench('baseline: mailparser alone', async () => {
    await normalize(raw);
  });
  bench('envelope: find the order block', () => {
    findBlocks(`GAME tavern alice apple\n${orders}\nEND\n`);
  });
  let n = 0;
  const j = testJudge();
  tavern(j);
  bench('ingest: store, parse, route, ack', async () => {
    // A new Message-ID each time, so nothing is a duplicate.
    await ingest(j, Buffer.from(raw.toString('latin1').replace(/Message-ID: <[^>]+>/i, `Message-ID: <b${n++}@bench>`), 'latin1'), 'bench');
  });
});

describe('one phase', () => {
  const j = testJudge();
  tavern(j);
  let state: unknown = {};
  bench('baseline: canonical JSON of the state', () => {
    canonicalJson(state);
  });
  bench('process: adjudicate, snapshot, hash, reports', () => {
    const r = processPhase(j, 'tavern');
    state = JSON.parse(r.next.state_json);
  });
});

describe('one game turn, pure adjudication', async () => {
  const { readFileSync } = await import('node:fs');
  const { parse } = await import('yaml');
  const { getRules } = await import('../../src/games/registry.js');
  const { SeededRng } = await import('../../src/engine/rng.js');
  const fandi = getRules('fandi');
  const setup = JSON.parse(readFileSync('games/fandi/setups/default.json', 'utf8'));
  const seats = ['alfa', 'brana', 'cerna', 'dana'].map((id) => ({ id, name: id, email: `${id}@example.cz`, lang: 'cs' as const }));
  const fState = fandi.setup(setup, seats, new SeededRng(1));
  const fOrders = new Map(seats.map((s) => [s.id, fandi.parseOrders('', { state: fState, player: s.id, lang: 'cs' }).orders]));
  const godfather = getRules('godfather');
  const gBase = parse(readFileSync('games/godfather/setups/default.yaml', 'utf8'));
  const gSeats = gBase.seats.map((s: { id: string; name: string; email: string }) => ({ ...s, lang: 'ru' as const }));
  const gState = godfather.setup({ days: 7 }, gSeats, new SeededRng(1));
  bench('baseline: canonical JSON of the FanDi state', () => {
    canonicalJson(fState);
  });
  bench('FanDi: adjudicate turn 1 of the default map', () => {
    fandi.adjudicate(fState, fOrders, new SeededRng(2), { phase: 1, deadline: null, messages: [] });
  });
  bench('Godfather: adjudicate one period of 13 players', () => {
    godfather.adjudicate(gState, new Map(), new SeededRng(2), { phase: 1, deadline: null, messages: [] });
  });
});
