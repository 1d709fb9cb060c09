import { describe, expect, it } from 'vitest';
import { render } from '../../src/render/templates.js';
import { rules } from '../../src/games/godfather/index.js';
import { newGame, play } from './helpers.js';

describe('godfather smoke', () => {
  it('sets up 13 players and plays a period', () => {
    const s = newGame({
      roles: [
        'aristocrat',
        'commander',
        'jesuit',
        'privateer',
        'planter',
        'buccaneer',
        'innkeeper',
        'shipwright',
        'usurer',
        'asiento',
        'scholar',
        'indian',
        'courtier',
      ],
    });
    expect(s.players).toHaveLength(13);
    const r = play(s, { p01: 'ДЕЙСТВИЕ слух p02 +', p02: 'ACT password p01', p03: 'ДЕЙСТВИЕ день Всеволод' });
    expect(r.errors).toEqual(['p03 1: рядовое действие нельзя направить на себя']);
    const model = rules.view(r.state, r.events, 'p01', 'ru');
    const mail = render('godfather', 'ru', 'report', {
      ...model,
      game: { id: 'g', title: 'T' },
      phase: { number: 1, label: 'День 1, 09–15' },
      next: { number: 2, label: 'День 1, 15–21', deadline: null },
      player: { id: 'p01', name: 'Аркадий', email: '' },
      gm: false,
      correction: false,
    });
    expect(mail.text).toContain('ЛИЧНО ДЛЯ ВАС');
    const gm = render('godfather', 'en', 'report', {
      ...rules.view(r.state, r.events, 'gm', 'en'),
      game: { id: 'g', title: 'T' },
      phase: { number: 1, label: 'x' },
      next: { number: 2, label: 'y', deadline: null },
      player: null,
      gm: true,
      correction: false,
    });
    expect(gm.text).toContain('FOR THE GM');
  });
});
