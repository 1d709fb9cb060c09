// Issue #32: every mail of an rpg game played by mail in Czech and in Russian —
// start mails, acknowledgements, answers at once, refused rolls, judge commands,
// round reports, HELP, LIST, RESET, refused blocks, the GM's answers to every GM
// command (his hidden rolls, decisions, preview), REPLACE, EJECT, RERUN, the
// final mails with the revealed dice — holds no English word outside what is
// typed as it is (dice notation, the GM's field ids, the #dice lines), no date
// of another language, and no name raw after a Russian preposition.
import { rpgLife } from '../language-kinds.js';
import { languageSuite } from '../language-life.js';

for (const lang of ['cs', 'ru'] as const)
  languageSuite(`the rpg kind by mail in ${lang}: the language of every mail (#32)`, () => rpgLife(lang), {
    covers: [
      ...['start', 'start gm', 'ack', 'ack gm', 'error', 'help', 'list'],
      ...['report', 'report gm', 'final', 'notice:replaced'],
    ],
    atLeast: 50,
  });
