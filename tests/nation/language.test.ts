// Issue #32: every mail of a nation game played by mail in Russian — start
// mails, acknowledgements with forecasts and refused lines, judge commands,
// reports of both stages, reminders, the GM's worksheet, his DECIDE / NARRATIVE /
// BULLETIN / ROLL / PREVIEW / HOLD / RELEASE and every GM command answered, HELP,
// LIST, RESET, REPLACE, EJECT, RERUN, the final mails — holds no English word,
// no date of another language, and no country, order, figure or player name
// inserted raw after a Russian preposition (tests/language.ts).
import { nationLife } from '../language-kinds.js';
import { languageSuite } from '../language-life.js';

languageSuite('the nation game by mail in Russian: the language of every mail (#32)', nationLife, {
  covers: [
    ...['start', 'start gm', 'ack', 'ack gm', 'error', 'help', 'list', 'report', 'report gm', 'final'],
    ...['worksheet gm', 'preview gm', 'notice:reminder', 'notice:replaced', 'notice:reset-code'],
  ],
  atLeast: 80,
});
