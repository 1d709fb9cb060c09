// What LIST shows of the seats (issue #31), and the GM's pages: the games open
// for sign-up (free seats, kind, language, the first deadline, when sign-up
// closes) and the open positions of running games (what the kind shows
// publicly of each). Nobody's address is in it.
import type { Judge } from '../context.js';
import { message } from '../render/templates.js';
import { formatDeadline } from '../render/time.js';
import { listGames, type GameRow } from '../store/games.js';
import { getRules } from './kinds.js';
import { phaseSeed, SeededRng } from './rng.js';
import { nextDeadline, startInstant } from './schedule.js';
import { gameSettings } from './settings.js';
import { sharedSetup } from './shared-json.js';
import { signupView } from './signup.js';
import { openPositions } from './takeover.js';
import type { Lang } from './types.js';

export interface SignupOffer {
  id: string;
  title: string;
  kind: string;
  lang: Lang;
  seats: number;
  free: number;
  /** Named seats nobody holds yet, "id (label)". */
  named: string[];
  waiting: number;
  /** 'yes' when a full game takes a waiting list (a Fluent selector). */
  waitlist: 'yes' | 'no';
  /** The first deadline, in words, in the reader's language. */
  firstDeadline: string;
  closes: string | null;
}

export interface OpenOffer {
  game: string;
  title: string;
  kind: string;
  seat: string;
  shown: string;
}

/** The kind of the phase a sign-up game will start with (its setup on placeholder seats). */
function firstPhaseKind(game: GameRow, ids: string[]): string {
  try {
    const rules = getRules(game.kind);
    const setup = sharedSetup<{ game?: unknown }>(game);
    const seats = ids.map((id) => ({ id, name: id, email: `${id}@example.org`, lang: game.lang }));
    return rules.phase(rules.setup(setup.game ?? {}, seats, new SeededRng(phaseSeed(game.seed, 0)))).kind;
  } catch {
    return '';
  }
}

/** The first deadline of a sign-up game, in words: exact (schedule.start ahead), a period after the start, or as if it started now. */
function firstDeadline(j: Judge, game: GameRow, kind: string, lang: Lang): string {
  const { schedule, timezone } = gameSettings(game);
  const now = j.clock();
  if (!schedule) return message('common', lang, 'seat-list-no-deadline');
  const own = schedule.kinds?.[kind];
  const every = own ? own.every : schedule.every;
  const cron = own ? own.cron : schedule.cron;
  const startAhead = schedule.start && startInstant(schedule.start, timezone).getTime() > now.getTime();
  if (!startAhead && every !== undefined && !cron)
    return message('common', lang, 'seat-list-after-start', { hours: Math.round(every / 3_600_000) });
  const d = nextDeadline(schedule, timezone, kind, now, null);
  if (!d) return message('common', lang, 'seat-list-no-deadline');
  const text = formatDeadline(d.toISOString(), timezone, lang) ?? d.toISOString();
  return startAhead ? text : message('common', lang, 'seat-list-if-now', { deadline: text });
}

/** The games open for sign-up, for a reader. */
export function signupOffers(j: Judge, lang: Lang): SignupOffer[] {
  const out: SignupOffer[] = [];
  for (const game of listGames(j.db)) {
    const view = signupView(j, game);
    if (!view) continue;
    const s = view.signup;
    const ids = s.named ? s.named.map((n) => n.id) : Array.from({ length: s.count }, (_, i) => `seat${i + 1}`);
    out.push({
      id: game.id,
      title: game.title,
      kind: game.kind,
      lang: game.lang,
      seats: s.count,
      free: view.free,
      named: view.freeNamed.map((n) => (n.label && n.label !== n.id ? `${n.id} (${n.label})` : n.id)),
      waiting: view.waiting.length,
      waitlist: s.waitMax > view.waiting.length ? 'yes' : 'no',
      firstDeadline: firstDeadline(j, game, firstPhaseKind(game, ids), lang),
      closes: s.closesAt ? formatDeadline(s.closesAt.toISOString(), gameSettings(game).timezone, lang) : null,
    });
  }
  return out;
}

/** The open positions of every running game, for a reader. */
export function openOffers(j: Judge, lang: Lang): OpenOffer[] {
  return listGames(j.db)
    .filter((g) => g.status === 'active' || g.status === 'paused')
    .flatMap((g) =>
      openPositions(j, g, lang).map((o) => ({
        game: g.id,
        title: g.title,
        kind: g.kind,
        seat: o.player.id,
        shown: o.shown,
      })),
    );
}
