// The case runner itself: parsing case files and reporting failures with a trace.
import { describe, expect, it } from 'vitest';
import { parseCaseFile, runCase } from '../../src/engine/cases.js';
import { rules } from '../../src/games/fandi/index.js';

const text = `
# a comment
CASE t/wrong
RULE 003:Souboj   # trailing comment
DICE 6 1
PRESTATE
  map
    |a   b|
    |%% %%|
  player alfa
  player brana
  units B2 alfa 1 pesi
  units B2 brana 1 pesi
CHOICES 0
POSTSTATE
  units B2 brana 1 pesi
END

CASE t/leftover-dice
RULING fandi/x
DICE 1 2 3
PRESTATE
  map
    |a   b|
  player alfa
  player brana
POSTSTATE
END
`;

describe('case runner', () => {
  const cases = parseCaseFile(text, 'mem.case', 'fandi');
  it('parses cases with rules, dice and choices', () => {
    expect(cases.map((c) => c.name)).toEqual(['t/wrong', 't/leftover-dice']);
    expect(cases[0]!.rules).toEqual(['RULE 003:Souboj']);
    expect(cases[0]!.dice).toEqual([6, 1]);
    expect(cases[0]!.choices).toEqual([0]);
  });
  it('a wrong expectation fails with the events and the state diff', () => {
    const r = runCase(rules, cases[0]!);
    expect(r.ok).toBe(false);
    expect(r.failures[0]).toContain('units B2 brana: expected 1 pesi, got none');
    expect(r.trace).toContain('"type":"battle"');
    expect(r.trace).toContain('state diff:');
  });
  it('unused forced dice fail the case', () => {
    const r = runCase(rules, cases[1]!);
    expect(r.failures.join()).toContain('forced dice left unused: 1 2 3');
  });
  it('a case without RULE or RULING is refused', () => {
    expect(() => parseCaseFile('CASE x\nPRESTATE\n  a\nEND\n', 'f.case', 'fandi')).toThrow(/names no RULE/);
  });
});
