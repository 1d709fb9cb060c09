// Issue #32: every mail of a Godfather game played by mail in Russian (four
// English seats): start mails, acknowledgements with forecasts and refused
// lines, private, anonymous and public messages, judge commands, the periods'
// reports, reminders, HELP, LIST, RESET, refused blocks, the GM's answers to
// every GM command, REPLACE, EJECT, RERUN, the final mails — holds no English
// word, no date of another language, and no player's name raw after a Russian
// preposition (tests/language.ts). That includes the resolution trace at the end
// of the GM's reports and previews ("Ход разрешения": the priority steps and what
// each did), stored as message ids and written in the GM's language
// (src/games/godfather/trace-text.ts; tests/godfather/trace-text.test.ts).
import { expect, it } from 'vitest';
import { godfatherLife } from '../language-kinds.js';
import { languageSuite } from '../language-life.js';

languageSuite('the Godfather by mail in Russian: the language of every mail (#32)', godfatherLife, {
  covers: [
    ...['start', 'start gm', 'ack', 'ack gm', 'error', 'help', 'list', 'msg', 'report', 'report gm', 'final'],
    ...['notice:reminder', 'notice:replaced', 'notice:reset-code'],
  ],
  atLeast: 150,
  more: (life) => {
    it('the GM’s reports and previews hold the resolution trace, in Russian', () => {
      const traces = life()
        .world.mails()
        .filter((m) => m.lang === 'ru' && m.row.body.includes('Ход разрешения:\n'))
        .map((m) => m.row.body.split('Ход разрешения:\n')[1]!.split('\n\n')[0]!)
        // the start mail has no period resolved yet
        .filter((t) => t.trim() !== '');
      expect(traces.length).toBeGreaterThanOrEqual(3);
      for (const t of traces) {
        expect(t).toMatch(/^ {2}Период \d+ \(день \d+, (09–15|15–21|ночь)\)$/m);
        expect(t).toContain('[действия: приказы, действие лидера, доверенности, шантаж]');
      }
      expect(traces.join('\n')).toMatch(/^ {4}#\d+ \S+: «[^»]+» → .*: в силе$/m);
    });
  },
});
