// The GM's commands by mail (GM <game> <password> … END, from the GM's address),
// beside the GM's inputs to the open phase (DECIDE, NARRATIVE … gm-loop.ts):
//   STATUS, PROCESS, EXTEND <duration>, PAUSE, RESUME, RESEND <player> [phase],
//   ORDERS <player>, REPLACE <player> <address> [name], EJECT <player>,
//   UNLOCK <player | address>, RERUN <phase> [<player>, his orders on the lines
//   after it up to a line ---, or in a text attachment: rerun-attachment.ts], END.
// Each is the same engine function the CLI calls (engine/gm.ts, rerun.ts,
// pipeline.ts), audited with the GM's address as actor, and every answer is in
// the GM's language (templates/common/<lang>/gm.ftl, gm-cmd-*, gm-status-*,
// gm-err-*). PROCESS and RERUN run after the mail's transaction is committed.
import type { Judge } from '../../context.js';
import { nowIso } from '../../context.js';
import { emailSchema } from '../../email.js';
import { GmError } from '../../errors.js';
import { ejectPlayer, endGame, pauseGame, replacePlayer, resendReport, resumeGame, unlock } from '../../engine/gm.js';
import { recordGmLines, gmStatus } from '../../engine/gm-loop.js';
import { waitsForGm } from '../../engine/gm-phase.js';
import { getRules } from '../../engine/kinds.js';
import { currentOrders } from '../../engine/orders.js';
import { processPhase } from '../../engine/pipeline.js';
import { rerun } from '../../engine/rerun.js';
import { gameSettings } from '../../engine/settings.js';
import { sharedState } from '../../engine/shared-json.js';
import type { Lang } from '../../engine/types.js';
import { message } from '../../render/templates.js';
import { formatDeadline } from '../../render/time.js';
import { getGame, getPlayer, isPlaying, listPlayers, type GameRow } from '../../store/games.js';
import { enqueue } from '../../store/outbox.js';
import { currentPhase, livePhase } from '../../store/phases.js';
import { liveSubmissions, playerSubmissions } from '../../store/submissions.js';
import { extendByMail } from './gm-extend.js';
import { GM_SEAT_WORDS, gmSeatLine } from './gm-seats.js';
import { seatStatusLines } from '../../engine/seat-status.js';
import { fold } from './envelope.js';
import { type GmAttachment, rerunOrdersFrom } from './rerun-attachment.js';

export interface CommandResult {
  text: string;
  result: string;
  ok: boolean;
}

const GM_WORDS: Record<string, string> = {
  status: 'status',
  stav: 'status',
  статус: 'status',
  process: 'process',
  vyhodnotit: 'process',
  обработать: 'process',
  extend: 'extend',
  prodloužit: 'extend',
  prodlouzit: 'extend',
  продлить: 'extend',
  pause: 'pause',
  pozastavit: 'pause',
  пауза: 'pause',
  resume: 'resume',
  pokračovat: 'resume',
  pokracovat: 'resume',
  продолжить: 'resume',
  resend: 'resend',
  znovu: 'resend',
  повторить: 'resend',
  orders: 'orders',
  rozkazy: 'orders',
  приказы: 'orders',
  replace: 'replace',
  predat: 'replace',
  заменить: 'replace',
  передать: 'replace',
  eject: 'eject',
  vyradit: 'eject',
  исключить: 'eject',
  unlock: 'unlock',
  odblokovat: 'unlock',
  разблокировать: 'unlock',
  rerun: 'rerun',
  prepocitat: 'rerun',
  пересчитать: 'rerun',
  // END alone ends the block: the game is ended by END GAME (KONEC HRY, КОНЕЦ ИГРЫ), ENDGAME or UKONČIT, ЗАВЕРШИТЬ.
  end: 'end',
  konec: 'end',
  конец: 'end',
  endgame: 'end',
  ukoncit: 'end',
  завершить: 'end',
};

/** The second word END, KONEC and КОНЕЦ need to end the game. */
const GAME_WORD = new Set(['game', 'hry', 'hru', 'игры', 'игру']);

/** A command that cannot be done: its answer in the GM's language. */
class Refused extends Error {
  constructor(
    readonly id: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(id);
  }
}

/** How to write a command whose arguments are wrong (gm.ftl gm-cmd-usage, keyed on the command). */
function usage(cmd: string): never {
  throw new Refused('gm-cmd-usage', { cmd });
}

/**
 * An error in the GM's language: the engine's coded ones by their code. Every
 * refusal a GM command can meet has one; anything else is the judge's own
 * fault, said so in the GM's language, its English words written to the log.
 */
function refusal(e: unknown, lang: Lang, what: string): string {
  if (e instanceof Refused) return message('common', lang, e.id, e.params);
  if (e instanceof GmError && e.code) return message('common', lang, `gm-err-${e.code}`, e.params);
  console.error(`judge: GM command ${what}: ${(e as Error)?.message ?? String(e)}`);
  return message('common', lang, 'gm-err-internal');
}

/** Lines of a RERUN section (the player's corrected orders) are not the GM's commands: blanked for recordGmLines. */
function rerunSections(lines: string[]): Map<number, string[]> {
  const sections = new Map<number, string[]>();
  for (let i = 0; i < lines.length; i++) {
    const words = lines[i]!.trim().split(/\s+/);
    if (GM_WORDS[fold(words[0] ?? '')] !== 'rerun' || words.length < 3) continue;
    const body: string[] = [];
    let k = i + 1;
    for (; k < lines.length && lines[k]!.trim() !== '---'; k++) body.push(lines[k]!);
    sections.set(i, body);
    i = k;
  }
  return sections;
}

/**
 * The lines of a GM block, run in order; each gets a result line in the GM's
 * language. The GM's inputs to the open phase (DECIDE, NARRATIVE, BULLETIN,
 * ROLL, HOLD, RELEASE, WORKSHEET, PREVIEW) are recorded first, in one go; the
 * other commands follow.
 */
export function gmCommands(
  j: Judge,
  given: GameRow,
  lines: string[],
  actor: string,
  inboundId: number | null = null,
  /** The mail's text attachments: a RERUN's corrected orders may come in one. */
  attachments: GmAttachment[] = [],
): CommandResult[] {
  /** The game as the lines before left it (a PAUSE, RESUME, EXTEND or END GAME earlier in the block): read again for each line. */
  let game = given;
  const lang = gameSettings(game).gmLang;
  const sections = rerunSections(lines);
  const inside = new Set<number>();
  for (const [i, body] of sections) for (let k = 1; k <= body.length + 1; k++) inside.add(i + k);
  const own = lines.map((l, i) => (inside.has(i) ? '' : l));
  const phase = currentPhase(j.db, game.id);
  const inputs = phase
    ? recordGmLines(j, game, phase, own, actor, inboundId)
    : own.map((text, index) => ({ index, text, ok: false, result: '', other: true }));
  const out: CommandResult[] = [];
  const t = (id: string, params: Record<string, string | number> = {}) => message('common', lang, id, params);
  const when = (iso: string | null | undefined) =>
    formatDeadline(iso, gameSettings(game).timezone, lang) ?? t('gm-status-no-deadline');
  inputs.forEach((r, index) => {
    if (!r.other) {
      out.push({ text: r.text, result: r.result, ok: r.ok });
      return;
    }
    const text = r.text.trim();
    if (!text || text.startsWith('#') || text.startsWith(';')) return;
    game = getGame(j.db, game.id) ?? game;
    const [word = '', ...args] = text.split(/\s+/);
    const cmd = GM_SEAT_WORDS[fold(word)] ? 'seats' : GM_WORDS[fold(word)];
    const ok = (result: string) => out.push({ text, result, ok: true });
    try {
      switch (cmd) {
        case 'status':
          ok(statusText(j, game));
          break;
        case 'process':
          // Checked now, answered in the GM's language (by mail the adjudication runs after the mail).
          if (game.status !== 'active') throw new Refused(`gm-err-not-active-${game.status}`);
          if (!currentPhase(j.db, game.id)) throw new Refused('gm-err-no-phase');
          if (j.db.inTransaction) {
            // By mail: never inside the mail's write transaction (intake would wait on the adjudication); right after it.
            defer(j, {
              gameId: game.id,
              actor,
              command: 'PROCESS',
              run: () => {
                processPhase(j, game.id, actor);
              },
            });
            ok(t('gm-cmd-processing'));
          } else {
            const p = processPhase(j, game.id, actor);
            ok(t('gm-cmd-processed', { phase: p.phase, next: p.next.number }));
          }
          break;
        case 'extend':
          // The duration, a deadline still past or too far ahead: refused in the GM's language (gm-extend.ts).
          out.push({ text, ...extendByMail(j, game, args, actor) });
          break;
        case 'pause':
          pauseGame(j, game.id, actor);
          ok(t('gm-cmd-paused'));
          break;
        case 'resume': {
          const d = resumeGame(j, game.id, actor);
          ok(d ? t('gm-cmd-resumed-deadline', { deadline: when(d) }) : t('gm-cmd-resumed'));
          break;
        }
        case 'resend':
          if (args.length < 1 || args.length > 2 || (args[1] && !/^\d+$/.test(args[1]))) usage(cmd);
          resendReport(j, game.id, args[0]!, args[1] ? Number(args[1]) : undefined, actor);
          ok(t('gm-cmd-queued'));
          break;
        case 'orders': {
          const p = args[0] ? getPlayer(j.db, game.id, args[0]) : undefined;
          if (!args[0]) usage(cmd);
          if (!p) throw new Refused('gm-err-no-player', { player: args[0]! });
          const open = currentPhase(j.db, game.id);
          const subs = open ? playerSubmissions(j.db, game.id, open.number, p.id) : [];
          const { echo } = open ? currentOrders(getRules(game.kind), sharedState(open), subs) : { echo: [] };
          ok(
            echo.length
              ? `\n${echo.map((e) => `         ${e.text}  = ${e.understood}`).join('\n')}`
              : t('gm-cmd-no-orders'),
          );
          break;
        }
        case 'replace': {
          if (args.length < 2) usage(cmd);
          if (!emailSchema.safeParse(args[1]).success) throw new Refused('gm-err-address', { email: args[1]! });
          const name = args.slice(2).join(' ') || undefined;
          const p = replacePlayer(j, game.id, args[0]!, { email: args[1]!, ...(name ? { name } : {}) }, actor);
          ok(t('gm-cmd-replaced', { player: p.id, email: p.email }));
          break;
        }
        case 'eject': {
          if (args.length !== 1) usage(cmd);
          const p = getPlayer(j.db, game.id, args[0]!);
          if (!p) throw new Refused('gm-err-no-player', { player: args[0]! });
          ejectPlayer(j, game.id, p.id, actor);
          ok(t('gm-cmd-ejected', { player: p.id }));
          break;
        }
        case 'unlock': {
          if (args.length !== 1) usage(cmd);
          const sender = args[0]!.includes('@');
          const n = unlock(j, game.id, sender ? { sender: args[0]! } : { player: args[0]! }, actor);
          ok(t('gm-cmd-unlocked', { who: args[0]!.toLowerCase(), count: (sender ? n.sender : n.player) ?? 0 }));
          break;
        }
        case 'rerun': {
          if (args.length < 1 || args.length > 2 || !/^\d+$/.test(args[0]!)) usage(cmd);
          const from = Number(args[0]);
          // Checked now, answered in the GM's language (the rerun itself runs after the mail).
          const row = livePhase(j.db, game.id, from);
          if (!row) throw new Refused('gm-err-no-such-phase', { phase: from });
          if (!row.processed_at) throw new Refused('gm-err-not-processed', { phase: from });
          const player = args[1] ? getPlayer(j.db, game.id, args[1]) : undefined;
          if (args[1] && !player) throw new Refused('gm-err-no-player', { player: args[1] });
          const body = sections.get(index) ?? [];
          let orders = body.join('\n');
          // No lines after RERUN: the corrected orders come in a text attachment (rerun-attachment.ts).
          if (player && !orders.trim() && attachments.length) {
            const attached = rerunOrdersFrom(attachments, game.id, player.id);
            if (attached === null)
              throw new Refused('gm-err-rerun-attachment', { player: player.id, count: attachments.length });
            orders = attached;
          }
          const replaceOrders = player ? { player: player.id, text: orders } : undefined;
          const run = () => rerun(j, game.id, from, { actor, ...(replaceOrders ? { replaceOrders } : {}) });
          defer(j, { gameId: game.id, actor, command: `RERUN ${from}`, run, report: true });
          ok(t('gm-cmd-rerunning', { phase: from }));
          break;
        }
        case 'seats': {
          // APPROVE, DENY, START (gm-seats.ts).
          const a = gmSeatLine(j, game, GM_SEAT_WORDS[fold(word)]!, args, actor, lang);
          out.push({ text, ...a });
          break;
        }
        case 'end':
          if (
            ['end', 'konec', 'конец'].includes(fold(word))
              ? args.length !== 1 || !GAME_WORD.has(fold(args[0]!))
              : args.length
          )
            usage(cmd);
          endGame(j, game.id, actor);
          ok(t('gm-cmd-ended'));
          break;
        default:
          throw new Refused('gm-cmd-unknown', { word });
      }
    } catch (e) {
      out.push({ text, result: refusal(e, lang, `"${text}" (${game.id})`), ok: false });
    }
  });
  return out;
}

interface Deferred {
  gameId: string;
  actor: string;
  command: string;
  run: () => unknown;
  /** Mail the GM what it did (RERUN: each phase, same state or changed). */
  report?: boolean;
}

/** PROCESS and RERUN lines of GM mail, waiting for their mail's transaction to commit. */
const deferred = new WeakMap<Judge, Deferred[]>();

function defer(j: Judge, d: Deferred): void {
  const list = deferred.get(j) ?? [];
  list.push(d);
  deferred.set(j, list);
}

/** The mail's transaction did not commit: its PROCESS and RERUN lines never happened. */
export function dropDeferred(j: Judge): void {
  deferred.delete(j);
}

/** Whether the mail's GM blocks asked for anything to run after its transaction. */
export function hasDeferred(j: Judge): boolean {
  return (deferred.get(j)?.length ?? 0) > 0;
}

function mailGm(j: Judge, gameId: string, key: string, subject: string, body: string): number {
  const game = getGame(j.db, gameId);
  if (!game?.gm_email) return 0;
  return Number(
    enqueue(
      j.db,
      { dedupeKey: `${key}:${gameId}:${nowIso(j)}`, gameId, kind: 'notice', to: [game.gm_email], subject, body },
      j.domain,
      nowIso(j),
    ).created,
  );
}

/** After the mail's transaction: run what its GM blocks asked for; the GM hears of a failure (and of a rerun's steps). */
export function runDeferred(j: Judge): number {
  const list = deferred.get(j) ?? [];
  deferred.delete(j);
  let queued = 0;
  for (const d of list) {
    const game = getGame(j.db, d.gameId);
    const lang = game ? gameSettings(game).gmLang : 'en';
    const args = { game: d.gameId, title: game?.title ?? d.gameId, command: d.command };
    try {
      const steps = d.run();
      if (d.report && Array.isArray(steps))
        queued += mailGm(
          j,
          d.gameId,
          `rerun-done:${d.command}`,
          message('common', lang, 'gm-cmd-rerun-done-subject', { ...args, phase: d.command.split(' ')[1] ?? '' }),
          `${steps.map((s: { phase: number; same: boolean }) => message('common', lang, 'gm-cmd-rerun-done', { phase: s.phase, same: s.same ? 'yes' : 'no' })).join('\n')}\n`,
        );
    } catch (e) {
      queued += mailGm(
        j,
        d.gameId,
        // One mail per failed command, even for two of one mail at one instant.
        `gm-command-failed:${d.command}`,
        message('common', lang, 'gm-cmd-failed-subject', args),
        `${message('common', lang, 'gm-cmd-failed-body', { ...args, reason: refusal(e, lang, `${d.command} (${d.gameId})`) })}\n`,
      );
    }
  }
  return queued;
}

/** The answer to STATUS, in the GM's language. */
export function statusText(j: Judge, game: GameRow): string {
  const p = currentPhase(j.db, game.id);
  const sent = new Set(p ? liveSubmissions(j.db, game.id, p.number).map((s) => s.player_id) : []);
  const players = listPlayers(j.db, game.id).filter(isPlaying);
  const tz = gameSettings(game).timezone;
  const lang = gameSettings(game).gmLang;
  const t = (id: string, params: Record<string, string | number> = {}) => message('common', lang, id, params);
  const when = (iso: string | null | undefined) => formatDeadline(iso, tz, lang) ?? t('gm-status-no-deadline');
  const gm = p && waitsForGm(p) ? gmStatus(j, game, p) : null;
  const list = (xs: string[]) => xs.join(', ') || '-';
  const label = p ? getRules(game.kind).phase(JSON.parse(p.state_json), lang).label : '';
  return [
    `${t('gm-status-state', { status: game.status })}; ${p ? t('gm-status-phase', { phase: p.number, label, deadline: when(p.deadline) }) : ''}`,
    ...(gm
      ? [
          [
            t('gm-status-waiting', { since: when(p!.gm_opened_at), deadline: when(p!.gm_deadline) }),
            ...(gm.hold ? [t('gm-status-hold')] : []),
            ...(gm.released ? [t('gm-status-released')] : []),
          ].join('; '),
          t('gm-status-open', {
            list: list(gm.open.map((m) => `${m.id}${m.default === null ? ' (!)' : ` (${m.default})`}`)),
          }),
        ]
      : []),
    // The seats: sign-up, what waits for the GM, open positions, absences (engine/seat-status.ts).
    ...seatStatusLines(j, game, lang, j.clock()),
    // Before a sign-up game starts nobody orders.
    ...(game.status === 'signup'
      ? []
      : [
          t('gm-status-in', { list: list(players.filter((x) => sent.has(x.id)).map((x) => x.id)) }),
          t('gm-status-missing', {
            list: list(
              players
                .filter((x) => !sent.has(x.id))
                .map((x) => `${x.id}${x.nmr_streak ? ` (${t('gm-status-nmr', { count: x.nmr_streak })})` : ''}`),
            ),
          }),
        ]),
  ].join('\n         ');
}
