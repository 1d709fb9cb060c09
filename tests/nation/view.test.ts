// The report model on hand-made events: what the owner of an action sees of
// another player's influence on it, totals only for other players' public
// actions, nothing of secret ones; and both templates render.
import { describe, expect, it } from 'vitest';
import type { NationEvent, NationState } from '../../src/games/nation/types.js';
import { view } from '../../src/games/nation/view.js';
import { render } from '../../src/render/templates.js';
import { stage2 } from './helpers.js';

function resolved(): { state: NationState; events: NationEvent[] } {
  const before = stage2();
  // The unknown figure Серый Кардинал (gal) has influence on rus's templars.
  before.figures
    .find((f) => f.id === 'ghost')!
    .influence.push({ order: 'templars', degree: 2, pi: 0, permanent: null });
  const a2 = before.declared.find((a) => a.id === 'A2')!;
  const a3 = before.declared.find((a) => a.id === 'A3')!;
  const a4 = before.declared.find((a) => a.id === 'A4')!;
  const f1 = {
    ...a2,
    id: 'F1',
    stage: 2 as const,
    actor: { type: 'figure' as const, id: 'ivan' },
    text: 'благословить поход',
    influence: { target: 'A2', sign: 1 as const },
    rank: 1,
  };
  const f5 = {
    ...a2,
    id: 'F5',
    stage: 2 as const,
    actor: { type: 'figure' as const, id: 'ghost' },
    player: 'gal',
    text: 'сорвать поход тамплиеров',
    influence: { target: 'A2', sign: -1 as const },
    rank: 1,
  };
  const state: NationState = { ...before, stage: 1, turn: 4, declared: [] };
  const events: NationEvent[] = [
    ...before.declared.map((a) => ({
      type: 'declared' as const,
      audience: a.visibility === 'public' ? ('all' as const) : [a.player],
      action: a,
    })),
    { type: 'declared', audience: ['rus'], action: f1 },
    { type: 'declared', audience: ['gal'], action: f5 },
    {
      type: 'influence',
      audience: ['rus'],
      action: 'F1',
      figure: 'ivan',
      target: 'A2',
      sign: 1,
      degree: 1,
      roll: null,
      value: 1,
    },
    {
      type: 'influence',
      audience: ['gal'],
      action: 'F5',
      figure: 'ghost',
      target: 'A2',
      sign: -1,
      degree: 2,
      roll: null,
      value: -1,
    },
    {
      type: 'result',
      audience: ['rus', 'gal'],
      action: 'A2',
      dice: [1, 0, -1, 1],
      modifiers: [
        { source: 'style', value: 1, note: 'aggression' },
        { source: 'penalty', value: 0, note: 'secret 1/1 public' },
        { source: 'size', value: 0, note: 'rr=0 scale=0' },
        { source: 'influence', value: 1, note: 'F1' },
        { source: 'influence', value: -1, note: 'F5' },
        { source: 'gm', value: 1, note: 'mod' },
      ],
      difficulty: 1,
      total: 2,
      outcome: 'success',
    },
    {
      type: 'result',
      audience: 'all',
      action: 'A3',
      dice: [1, 1, 0, 0],
      modifiers: [{ source: 'style', value: 1, note: 'communication' }],
      difficulty: 0,
      total: 3,
      outcome: 'success',
    },
    {
      type: 'result',
      audience: ['gal'],
      action: 'A4',
      dice: [-1, -1, -1, 0],
      modifiers: [],
      difficulty: 2,
      total: -5,
      outcome: 'disaster',
    },
    {
      type: 'pi',
      audience: ['gal'],
      figure: 'ghost',
      order: 'templars',
      change: 0,
      reason: 'no-effect',
      pi: 0,
      degreeFrom: 2,
      degreeTo: 2,
      roll: null,
    },
    { type: 'narrative', audience: ['gal'], target: 'A4', text: 'Судьи не взяли денег.' },
    { type: 'bulletin', audience: 'all', text: 'Зима близко.' },
  ];
  void a3;
  void a4;
  return { state, events };
}

describe('the view', () => {
  it('the owner sees another player’s influence on the action only as its effect on the total', () => {
    const { state, events } = resolved();
    const m = view(state, events, 'rus', 'ru');
    const r = m.results.find((x) => x.id === 'A2')!;
    expect(r.details).toEqual([
      '4dF: + 0 − + = +1',
      'стиль, Агрессивность: +1',
      'действие 1 из 1 тайных (общеизвестный орден): 0',
      'масштаб Нормально (0) при РР Нормально (0): 0',
      'влияние F1 (Иван Грозный): +1',
      'ведущий: +1',
      'влияние (чьё — вам неизвестно): −1',
      'сложность: Хорошо (+1)',
      'итог +2: успех',
    ]);
    const json = JSON.stringify(m);
    expect(json).not.toContain('F5');
    expect(json).not.toContain('Серый Кардинал');
    expect(json).not.toContain('сорвать поход');
    expect(json).not.toContain('подкупить судей'); // gal's secret A4
    expect(json).not.toContain('Судьи не взяли');
  });

  it('another player’s public action: the total only', () => {
    const { state, events } = resolved();
    const r = view(state, events, 'rus', 'ru').results.find((x) => x.id === 'A3')!;
    expect(r.line).toBe('A3 Гильдия купцов: публично, Агрессивность — «открыть ярмарку»');
    expect(r.details).toEqual(['итог +3: успех']);
  });

  it('the influencer sees the target’s total and their own influence; the GM everything', () => {
    const { state, events } = resolved();
    const gal = view(state, events, 'gal', 'ru');
    expect(gal.results.find((x) => x.id === 'A2')!.details).toEqual(['итог +2: успех']);
    expect(gal.influences).toEqual(['F5 Серый Кардинал: противодействие A2, степень Отлично (+2) → модификатор −1']);
    expect(JSON.stringify(gal)).not.toContain('тайный поход');
    const gm = view(state, events, 'gm', 'ru');
    expect(gm.results.find((x) => x.id === 'A2')!.details).toContain('влияние F5 (Серый Кардинал): −1');
    expect(gm.narrative).toEqual([{ target: 'A4 (Гильдия купцов)', text: 'Судьи не взяли денег.' }]);
  });

  it('renders in both languages, the GM copy too', () => {
    const { state, events } = resolved();
    for (const lang of ['ru', 'en'] as const)
      for (const reader of ['rus', 'gal', 'gm']) {
        const model = view(state, events, reader, lang);
        const mail = render('nation', lang, 'report', {
          ...model,
          game: { id: 'test', title: state.title },
          phase: { number: 6, label: 'Ход 3, этап 2' },
          next: { number: 7, label: 'Ход 4, этап 1', deadlineText: 'пн 7 дек 2026, 20:00 MSK' },
          player: reader === 'gm' ? null : { id: reader, name: reader },
          gm: reader === 'gm',
          correction: false,
        });
        expect(mail.subject).toContain('[test]');
        expect(mail.text).toContain('Зима близко.');
        if (reader !== 'gm') expect(mail.text).not.toMatch(/\{\{|undefined|\[object/);
        if (lang === 'ru' && reader !== 'gm') expect(mail.text).not.toMatch(/\b(secret|public|success|failure)\b/);
      }
  });
});
