// Every rule case of every game kind with a games/<kind>/cases/ folder, one test each.
import { describe, expect, it } from 'vitest';
import { kindsWithCases, loadCases, runCase } from '../src/engine/cases.js';
import { getRules, knownKinds } from '../src/games/registry.js';

const kinds = kindsWithCases().filter((k) => knownKinds().includes(k));

describe.each(kinds)('rule cases: %s', (kind) => {
  const rules = getRules(kind);
  const cases = loadCases(kind);
  it('has cases', () => expect(cases.length).toBeGreaterThan(0));
  it('has unique case names', () => expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length));
  for (const c of cases) {
    it(`${c.name} (${c.rules.join(', ')})`, () => {
      const r = runCase(rules, c);
      if (!r.ok) expect.fail(`${r.failures.join('\n')}\n\n${r.trace}`);
    });
  }
});
