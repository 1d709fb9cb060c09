import { describe, expect, it } from 'vitest';
import {
  formatSpec,
  parseSpec,
  parseSpecList,
  parseSpecWords,
  specErrorMessage,
  type DiceSpec,
} from '../../src/dice/index.js';

const ok = (text: string): DiceSpec => {
  const r = parseSpec(text);
  if (!r.ok) throw new Error(`${text}: ${specErrorMessage(r.error)}`);
  return r.spec;
};
const err = (text: string, lang: 'en' | 'cs' | 'ru' = 'en') => {
  const r = parseSpec(text);
  if (r.ok) throw new Error(`${text} parsed as ${formatSpec(r.spec)}`);
  return { code: r.error.code, message: specErrorMessage(r.error, lang) };
};

describe('parseSpec: good specs', () => {
  it.each<[string, DiceSpec]>([
    ['3d6+2', { form: 'standard', count: 3, sides: 6, modifier: 2, vs: null, advantage: 'none' }],
    ['d20', { form: 'standard', count: 1, sides: 20, modifier: 0, vs: null, advantage: 'none' }],
    ['2D10-1+3', { form: 'standard', count: 2, sides: 10, modifier: 2, vs: null, advantage: 'none' }],
    ['3d6 + 2', { form: 'standard', count: 3, sides: 6, modifier: 2, vs: null, advantage: 'none' }],
    ['3d6 -1', { form: 'standard', count: 3, sides: 6, modifier: -1, vs: null, advantage: 'none' }],
    ['3к6', { form: 'standard', count: 3, sides: 6, modifier: 0, vs: null, advantage: 'none' }],
    ['1d20+5 vs:15', { form: 'standard', count: 1, sides: 20, modifier: 5, vs: 15, advantage: 'none' }],
    ['4dF+1', { form: 'fudge', count: 4, modifier: 1, vs: null, advantage: 'none' }],
    ['4df', { form: 'fudge', count: 4, modifier: 0, vs: null, advantage: 'none' }],
    ['5dS vs:3', { form: 'success', count: 5, vs: 3, advantage: 'none' }],
    ['5ds ADV', { form: 'success', count: 5, vs: null, advantage: 'adv' }],
    ['gauss20', { form: 'gauss20', modifier: 0, luck: null, vs: null, advantage: 'none' }],
    ['GaussD20+10 LUCK:7 vs:-8 dis', { form: 'gauss20', modifier: 10, luck: 7, vs: -8, advantage: 'dis' }],
    ['gauss20-2 adv dis', { form: 'gauss20', modifier: -2, luck: null, vs: null, advantage: 'none' }],
    ['gauss20 adv adv dis', { form: 'gauss20', modifier: 0, luck: null, vs: null, advantage: 'adv' }],
  ])('%s', (text, spec) => {
    expect(ok(text)).toEqual(spec);
  });

  it('formats canonically and round-trips', () => {
    for (const t of ['3d6+2', 'd20', '4dF-1', '5dS vs:3 adv', 'gauss20+10 luck:7 vs:-8 dis', '2d10 vs:12', 'gauss20'])
      expect(ok(formatSpec(ok(t)))).toEqual(ok(t));
    expect(formatSpec(ok('GAUSSD20 +3 vs:+2 luck:9'))).toBe('gauss20+3 luck:9 vs:2');
    expect(formatSpec(ok('d20'))).toBe('1d20');
  });

  it('bounds are inclusive', () => {
    expect(ok('100d1000').form).toBe('standard');
    expect(ok('1d2').form).toBe('standard');
    expect(ok('gauss20 luck:1').form).toBe('gauss20');
    expect(ok('gauss20 luck:9').form).toBe('gauss20');
    expect(ok('3dS vs:1').form).toBe('success');
    expect(ok('gauss20 vs:-24').form).toBe('gauss20');
    expect(ok('gauss20 vs:4').form).toBe('gauss20');
  });
});

describe('parseSpec: bad specs and their messages', () => {
  it.each([
    ['', 'empty', 'no dice spec given'],
    ['x', 'not-a-spec', '"x" is not a dice spec (try 3d6+1'],
    ['3d', 'not-a-spec', '"3d" is not a dice spec'],
    ['3d6+', 'not-a-spec', '"3d6+" is not a dice spec'],
    ['0d6', 'count-range', '"0d6": the number of dice must be 1 to 100'],
    ['101d6', 'count-range', 'must be 1 to 100'],
    ['3d1', 'sides-range', '"3d1": a die must have 2 to 1000 sides'],
    ['3d1001', 'sides-range', '2 to 1000 sides'],
    ['3d6+1001', 'modifier-range', 'the modifier must be -1000 to 1000'],
    ['3dS+1', 'success-modifier', 'success dice (dS) take no modifier'],
    ['3d6 luck:5', 'luck-not-gauss', '"luck:5": luck applies only to gauss20'],
    ['gauss20 luck:0', 'luck-range', 'luck must be 1 to 9'],
    ['gauss20 luck:10', 'luck-range', 'luck must be 1 to 9'],
    ['gauss20 vs:-9', 'vs-gauss-ladder', 'must be one of +4, +2, +0, -2'],
    ['gauss20 vs:6', 'vs-gauss-ladder', '-24'],
    ['3dS vs:0', 'vs-range', 'the difficulty must be 1 to 200'],
    ['gauss20 luck:3 luck:4', 'duplicate-option', '"luck:4": this option is given twice'],
    ['gauss20 lck:3', 'unknown-option', '"lck:3": unknown option (known: luck:N, vs:D, adv, dis)'],
    ['3d6 stealth', 'unknown-word', '"stealth" is neither a dice spec nor an option'],
    ['luck:3', 'not-a-spec', '"luck:3" is not a dice spec'],
  ])('%j → %s', (text, code, message) => {
    const e = err(text);
    expect(e.code).toBe(code);
    expect(e.message).toContain(message);
  });

  it('messages come in Czech and Russian', () => {
    expect(err('0d6', 'cs').message).toBe('"0d6": počet kostek musí být 1 až 100');
    expect(err('0d6', 'ru').message).toBe('«0d6»: число кубиков должно быть от 1 до 100');
    expect(err('gauss20 luck:12', 'ru').message).toBe('«luck:12»: удача должна быть от 1 до 9');
  });
});

describe('parseSpecWords and parseSpecList', () => {
  it('leaves the words after the spec (a comment)', () => {
    const r = parseSpecWords(['3dF+2', 'adv', 'sneak', 'past', 'vs:3']);
    expect(r.ok && r.rest).toEqual(['sneak', 'past', 'vs:3']);
    expect(r.ok && r.spec.advantage).toBe('adv');
  });

  it('reads several specs in a row', () => {
    const r = parseSpecList('3d6 gauss20+2 luck:7 4dF');
    expect(r.ok && r.specs.map(formatSpec)).toEqual(['3d6', 'gauss20+2 luck:7', '4dF']);
    const bad = parseSpecList('3d6 and 4dF');
    expect(!bad.ok && bad.error.code).toBe('unknown-word');
  });
});
