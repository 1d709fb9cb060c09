// Issue #32: every mail of a FanDi game played by mail in Czech (one English
// seat) — start mails, acknowledgements with forecasts and refused lines, judge
// commands, reports, reminders, HELP, LIST, RESET, refused blocks, the GM's
// answers to every GM command, REPLACE, EJECT, RERUN, the final mails — holds no
// English word, no date of another language (tests/language.ts).
import { fandiLife } from '../language-kinds.js';
import { languageSuite } from '../language-life.js';

languageSuite('FanDi by mail in Czech: the language of every mail (#32)', fandiLife, {
  covers: [
    ...['start', 'start gm', 'ack', 'ack gm', 'error', 'error gm', 'help', 'list'],
    ...['report', 'report gm', 'final', 'final gm'],
    ...['notice:reminder', 'notice:replaced', 'notice:ejected', 'notice:reset-code'],
  ],
  atLeast: 80,
});
