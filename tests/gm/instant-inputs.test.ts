// What intake keeps of a phase's recorded inputs between mails (src/mail/inbound/instant.ts,
// src/store/gm-inputs.ts): the lines read since the last one through the index by (game, phase, id),
// and the inputs folded line by line, a run of new rolls only appended — always what reading
// and folding every line anew gives.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gmOnly, recordedInput } from '../../src/engine/gm-phase.js';
import { PhaseInputs } from '../../src/mail/inbound/instant.js';
import {
  gmInputsAfter,
  LiveGmInputs,
  recordGmInput,
  type GmInputKind,
  type GmInputRow,
} from '../../src/store/gm-inputs.js';
import { testJudge } from '../helpers.js';

describe('the lines of a phase recorded since a line', () => {
  it('are read through the index by (game, phase, id): only the lines since, not the whole phase', () => {
    const j = testJudge();
    for (let i = 0; i < 50; i++)
      recordGmInput(j.db, {
        gameId: i % 2 ? 'g1' : 'g2',
        phase: 1 + (i % 3),
        kind: 'instant',
        key: String(i),
        value: { i },
        actor: 'test',
        at: 'T',
      });
    const plan = (
      j.db
        .prepare(
          'EXPLAIN QUERY PLAN SELECT * FROM gm_inputs WHERE game_id = ? AND phase_number = ? AND id > ? ORDER BY id',
        )
        .all('g1', 2, 10) as { detail: string }[]
    )
      .map((r) => r.detail)
      .join('; ');
    expect(plan).toMatch(/USING INDEX gm_inputs_phase_id \(game_id=\? AND phase_number=\? AND id>\?\)/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
    const all = j.db.prepare('SELECT * FROM gm_inputs ORDER BY id').all() as GmInputRow[];
    expect(gmInputsAfter(j.db, 'g1', 2, 10)).toEqual(
      all.filter((r) => r.game_id === 'g1' && r.phase_number === 2 && r.id > 10),
    );
  });
});

describe('the inputs of a phase kept between mails', () => {
  it('equal the inputs folded from every line anew, whatever lines come in whatever batches', () => {
    // Lines: mostly rolls answered at once (new seqs in order, now and then a seq out of order, one recorded
    // again — under its own key or another — or cleared), and GM inputs.
    const line = fc.oneof(
      {
        weight: 6,
        arbitrary: fc.record({
          kind: fc.constant<GmInputKind>('instant'),
          step: fc.integer({ min: -2, max: 3 }),
          clear: fc.constant(false),
          key: fc.constant(null),
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant<GmInputKind>('instant'),
          step: fc.integer({ min: 0, max: 2 }),
          clear: fc.constant(false),
          key: fc.constantFrom('0', '1', '2'),
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant<GmInputKind>('instant'),
          step: fc.integer({ min: -5, max: 0 }),
          clear: fc.constant(true),
          key: fc.constant(null),
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constantFrom<GmInputKind>('roll', 'decision', 'narrative', 'bulletin'),
          step: fc.integer({ min: 0, max: 3 }),
          clear: fc.boolean(),
          key: fc.constant(null),
        }),
      },
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(line, fc.boolean()), { minLength: 1, maxLength: 60 }), (lines) => {
        const kept = new PhaseInputs();
        const rows: GmInputRow[] = [];
        let batch: GmInputRow[] = [];
        let seq = 0;
        lines.forEach(([l, flush], i) => {
          seq = Math.max(0, seq + l.step);
          const value = l.clear
            ? null
            : l.kind === 'instant'
              ? { seq, player: 'p', stream: `phase:instant:${seq}`, value: { i } }
              : l.kind === 'roll'
                ? { seq, spec: '1d6', result: i }
                : `v${i}`;
          const row: GmInputRow = {
            id: i + 1,
            game_id: 'g',
            phase_number: 1,
            kind: l.kind,
            key: l.key ?? (l.kind === 'bulletin' ? '' : String(seq)),
            value_json: JSON.stringify(value),
            actor: 'test',
            inbound_id: null,
            at: 'T',
          };
          rows.push(row);
          batch.push(row);
          if (flush || i === lines.length - 1) {
            const held = kept.gm.instant;
            const before = held ? [...held] : [];
            kept.add(batch);
            batch = [];
            const fresh = gmOnly(new LiveGmInputs((r) => recordedInput(r, true)).add(rows).items());
            expect(kept.gm).toEqual(fresh);
            expect(kept.lastId).toBe(row.id);
            // The seq of the next roll answered at once: one after the highest.
            const seqs = (fresh.instant ?? []).map((e) => e.seq);
            expect(kept.nextSeq).toBe(seqs.length ? Math.max(...seqs) + 1 : 0);
            // A list a reader holds only ever grew: what it held is still there, the same objects.
            if (held && kept.gm.instant === held) before.forEach((e, k) => expect(held[k]).toBe(e));
          }
        });
      }),
      { numRuns: 300 },
    );
  });
});
