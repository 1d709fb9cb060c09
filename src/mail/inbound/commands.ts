// Commands to the judge itself, by mail:
// - inside a player's block (authenticated): FINAL, RESEND, ORDERS,
//   PASSWORD <new>, ADDRESS <new> (confirmed from the old address), CONFIRM <code>;
// - in a GM block (GM <game> <password> … END, from the GM's address):
//   STATUS, PROCESS, EXTEND <duration>, PAUSE, RESUME, RESEND <player> [phase], ORDERS <player>;
// - a mail whose first line is HELP or LIST (no block needed).
import { randomInt } from 'node:crypto';
import type { Judge } from '../../context.js';
import { nowIso } from '../../context.js';
import { currentDeadline, GmError, moveDeadline, pauseGame, resendReport, resumeGame } from '../../engine/gm.js';
import { processPhase } from '../../engine/pipeline.js';
import { gameSettings } from '../../engine/settings.js';
import { parseDuration } from '../../engine/schedule.js';
import type { Lang } from '../../engine/types.js';
import { wordTable } from '../../render/fluent.js';
import { formatDeadline } from '../../render/time.js';
import { audit } from '../../store/audit.js';
import {
  getGame,
  getPlayer,
  isPlaying,
  listGames,
  listPlayers,
  type GameRow,
  type PlayerRow,
} from '../../store/games.js';
import { enqueue } from '../../store/outbox.js';
import { hashPassword } from '../../store/passwords.js';
import { recordAuthFailure } from '../../store/auth-failures.js';
import { currentPhase } from '../../store/phases.js';
import { liveSubmissions, playerSubmissions } from '../../store/submissions.js';
import { currentOrders } from '../../engine/orders.js';
import { getRules } from '../../games/registry.js';
import { emailSchema } from '../../email.js';
import { queueNotice } from '../../engine/notices.js';
import { fold, type JudgeCommand } from './envelope.js';
import { recordGmLines, gmStatus } from '../../engine/gm-loop.js';
import { waitsForGm } from '../../engine/gm-phase.js';
import { sharedState } from '../../engine/shared-json.js';
import { setPlayerMailFormat, type MailFormat } from '../outbound/html-parts.js';
import { forecastSwitch, setPlayerForecast } from './forecast.js';

export interface CommandResult {
  text: string;
  result: string;
  ok: boolean;
}

/** The answers to commands (Fluent messages command-*, templates/common/<lang>/mail-answers.ftl). */
const ANSWERS = wordTable('common', 'command', [
  'resend',
  'noReport',
  'final',
  'password',
  'passwordNeeded',
  'weakPassword',
  'badAddress',
  'addressDone',
  'addressAsk',
  'confirmFrom',
  'confirmBad',
  'noOrders',
  'current',
  'formatText',
  'formatHtml',
  'formatBad',
  'forecastOn',
  'forecastOff',
  'forecastBad',
] as const);

/** FORMAT's word → the mail format (TEXT / ТЕКСТ, HTML). */
const FORMATS: Record<string, MailFormat> = { text: 'text', текст: 'text', html: 'html' };

function t(key: keyof typeof ANSWERS, lang: Lang): string {
  return ANSWERS[key][lang];
}

/** How far a block's sender is trusted, for the commands that change who holds a position. */
export interface CommandAuth {
  /** The From is the seat's address of record (which any sender can claim). */
  fromRecord: boolean;
  /** The block carried the seat's current password, and it was right. */
  passwordChecked: boolean;
  /** DKIM-aligned mail from the address of record, in a game that requires DKIM. */
  verifiedRecord: boolean;
  /** PASSWORD lines' new passwords, hashed before the write transaction (by command line). */
  newHashes?: Map<number, string>;
  inboundId?: number | null;
}

/** The player commands of one block. The block's orders (if any) are already stored. */
export function playerCommands(
  j: Judge,
  game: GameRow,
  player: PlayerRow,
  commands: JudgeCommand[],
  auth: CommandAuth,
  replyTo: string,
): CommandResult[] {
  const lang = player.lang;
  const at = nowIso(j);
  const out: CommandResult[] = [];
  for (const c of commands) {
    // A PASSWORD line's text is "PASSWORD ********" already (envelope.ts): the secret is never echoed.
    const ok = (result: string) => out.push({ text: c.text, result, ok: true });
    const fail = (result: string) => out.push({ text: c.text, result, ok: false });
    switch (c.name) {
      case 'final':
        ok(t('final', lang));
        break;
      case 'format': {
        const f = FORMATS[fold(c.arg ?? '')];
        if (!f) fail(t('formatBad', lang));
        else {
          setPlayerMailFormat(j, game.id, player.id, f);
          audit(j.db, at, `mail:${replyTo}`, game.id, 'player.format', { player: player.id, format: f });
          ok(t(f === 'text' ? 'formatText' : 'formatHtml', lang));
        }
        break;
      }
      case 'forecast': {
        const on = forecastSwitch(c.arg ?? '');
        if (on === null) fail(t('forecastBad', lang));
        else {
          setPlayerForecast(j, game.id, player.id, on);
          audit(j.db, at, `mail:${replyTo}`, game.id, 'player.forecast', { player: player.id, forecast: on });
          ok(t(on ? 'forecastOn' : 'forecastOff', lang));
        }
        break;
      }
      case 'resend':
        try {
          resendReport(j, game.id, player.id, undefined, `mail:${replyTo}`);
          ok(t('resend', lang));
        } catch {
          fail(t('noReport', lang));
        }
        break;
      case 'orders': {
        const p = currentPhase(j.db, game.id);
        const subs = p ? playerSubmissions(j.db, game.id, p.number, player.id) : [];
        if (!p || !subs.length) ok(t('noOrders', lang));
        else {
          const { echo } = currentOrders(getRules(game.kind), sharedState(p), subs);
          ok(
            `${t('current', lang)}:\n${echo.map((e) => `         ${e.understood}`).join('\n') || `         ${t('noOrders', lang)}`}`,
          );
        }
        break;
      }
      case 'password':
        if (!c.arg || c.arg.length < 4) fail(t('weakPassword', lang));
        else if (!auth.passwordChecked && !auth.verifiedRecord) fail(t('passwordNeeded', lang));
        else {
          const hash = auth.newHashes?.get(c.line) ?? hashPassword(c.arg);
          j.db
            .prepare('UPDATE players SET password_hash = ? WHERE game_id = ? AND id = ?')
            .run(hash, game.id, player.id);
          audit(j.db, at, `mail:${replyTo}`, game.id, 'player.password', { player: player.id });
          ok(t('password', lang));
        }
        break;
      case 'address': {
        const parsed = emailSchema.safeParse(c.arg ?? '');
        if (!parsed.success) {
          fail(t('badAddress', lang));
          break;
        }
        const email = parsed.data.toLowerCase();
        if (auth.verifiedRecord) {
          // DKIM-aligned mail from the address of record: its owner asks. Both addresses are told (changeAddress).
          changeAddress(j, game, player, email, `mail:${replyTo}`);
          ok(`${t('addressDone', lang)} ${email}`);
        } else {
          // A From line proves nothing: the old address must confirm, whoever asked.
          const code = String(randomInt(100000, 999999));
          j.db
            .prepare(
              'INSERT INTO address_changes (game_id, player_id, new_email, code, created_at) VALUES (?, ?, ?, ?, ?)',
            )
            .run(game.id, player.id, email, code, at);
          queueNotice(j, game, 'confirm-address', `${player.id}:${code}`, [player], {
            code,
            to: email,
            player: { id: player.id },
          });
          ok(`${t('addressAsk', lang)} ${player.email}`);
        }
        break;
      }
      case 'confirm': {
        if (!auth.fromRecord) {
          fail(t('confirmFrom', lang));
          break;
        }
        const row = j.db
          .prepare(
            'SELECT * FROM address_changes WHERE game_id = ? AND player_id = ? AND code = ? AND confirmed_at IS NULL ORDER BY id DESC LIMIT 1',
          )
          .get(game.id, player.id, c.arg ?? '') as { id: number; new_email: string } | undefined;
        if (!row) {
          // A wrong code counts like a wrong password: codes cannot be tried out.
          recordAuthFailure(j.db, {
            game: game.id,
            player: player.id,
            sender: replyTo,
            at,
            inboundId: auth.inboundId ?? null,
          });
          fail(t('confirmBad', lang));
          break;
        }
        j.db.prepare('UPDATE address_changes SET confirmed_at = ? WHERE id = ?').run(at, row.id);
        changeAddress(j, game, player, row.new_email, `mail:${replyTo}`);
        ok(`${t('addressDone', lang)} ${row.new_email}`);
        break;
      }
    }
  }
  return out;
}

function changeAddress(j: Judge, game: GameRow, player: PlayerRow, email: string, actor: string): void {
  j.db.prepare('UPDATE players SET email = ? WHERE game_id = ? AND id = ?').run(email, game.id, player.id);
  audit(j.db, nowIso(j), actor, game.id, 'player.address', { player: player.id, from: player.email, to: email });
  // Both addresses hear of it, so a hijack is noticed.
  queueNotice(j, game, 'replaced', `${player.id}:address:${email}`, [player.email, { email, lang: player.lang }], {
    player: { id: player.id, name: player.name },
    from: player.email,
    to: email,
  });
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
};

/**
 * The lines of a GM block, run in order; each gets a result line. The GM's
 * inputs to the open phase (DECIDE, NARRATIVE, BULLETIN, ROLL, HOLD, RELEASE,
 * WORKSHEET, PREVIEW) are recorded first, in one go; the other commands follow.
 */
export function gmCommands(
  j: Judge,
  game: GameRow,
  lines: string[],
  actor: string,
  inboundId: number | null = null,
): CommandResult[] {
  const phase = currentPhase(j.db, game.id);
  const inputs = phase
    ? recordGmLines(j, game, phase, lines, actor, inboundId)
    : lines.map((text, index) => ({ index, text, ok: false, result: '', other: true }));
  const out: CommandResult[] = [];
  for (const r of inputs) {
    if (!r.other) {
      out.push({ text: r.text, result: r.result, ok: r.ok });
      continue;
    }
    const text = r.text.trim();
    if (!text || text.startsWith('#') || text.startsWith(';')) continue;
    const [word = '', ...args] = text.split(/\s+/);
    const cmd = GM_WORDS[fold(word)];
    try {
      switch (cmd) {
        case 'status':
          out.push({ text, result: statusText(j, game), ok: true });
          break;
        case 'process': {
          if (j.db.inTransaction) {
            // By mail: never inside the mail's write transaction (intake would wait on the adjudication); right after it.
            const list = deferred.get(j) ?? [];
            list.push({ gameId: game.id, actor });
            deferred.set(j, list);
            out.push({
              text,
              result: 'processed as soon as this mail is stored; the reports follow (and a mail if it fails)',
              ok: true,
            });
            break;
          }
          const r = processPhase(j, game.id, actor);
          out.push({ text, result: `phase ${r.phase} processed; phase ${r.next.number} is open`, ok: true });
          break;
        }
        case 'extend': {
          if (args.length !== 1) throw new GmError('EXTEND <duration>, e.g. EXTEND 24h');
          const current = currentDeadline(j, game.id);
          const base = current ? Date.parse(current) : j.clock().getTime();
          const d = moveDeadline(j, game.id, new Date(base + parseDuration(args[0]!)), actor);
          out.push({
            text,
            result: `new deadline ${formatDeadline(d, gameSettings(game).timezone, game.lang)}`,
            ok: true,
          });
          break;
        }
        case 'pause':
          pauseGame(j, game.id, actor);
          out.push({ text, result: 'paused', ok: true });
          break;
        case 'resume': {
          const d = resumeGame(j, game.id, actor);
          out.push({
            text,
            result: `resumed${d ? `; deadline ${formatDeadline(d, gameSettings(game).timezone, game.lang)}` : ''}`,
            ok: true,
          });
          break;
        }
        case 'resend': {
          if (args.length < 1 || args.length > 2) throw new GmError('RESEND <player> [phase]');
          resendReport(j, game.id, args[0]!, args[1] ? Number(args[1]) : undefined, actor);
          out.push({ text, result: 'queued', ok: true });
          break;
        }
        case 'orders': {
          const p = args[0] ? getPlayer(j.db, game.id, args[0]) : undefined;
          if (!p) throw new GmError('ORDERS <player>');
          const phase = currentPhase(j.db, game.id);
          const subs = phase ? playerSubmissions(j.db, game.id, phase.number, p.id) : [];
          const { echo } = phase ? currentOrders(getRules(game.kind), sharedState(phase), subs) : { echo: [] };
          out.push({
            text,
            result: echo.length
              ? `\n${echo.map((e) => `         ${e.text}  = ${e.understood}`).join('\n')}`
              : 'no orders yet',
            ok: true,
          });
          break;
        }
        default:
          throw new GmError(
            `unknown GM command "${word}" (STATUS, PROCESS, EXTEND <duration>, PAUSE, RESUME, RESEND <player> [phase], ORDERS <player>, DECIDE <id> <value>, NARRATIVE <target> <text>, BULLETIN <text>, ROLL <dice> [label], HOLD, RELEASE, WORKSHEET, PREVIEW)`,
          );
      }
    } catch (e) {
      out.push({ text, result: (e as Error).message, ok: false });
    }
  }
  return out;
}

/** PROCESS lines of GM mail, waiting for their mail's transaction to commit. */
const deferred = new WeakMap<Judge, { gameId: string; actor: string }[]>();

/** The mail's transaction did not commit: its PROCESS lines never happened. */
export function dropDeferred(j: Judge): void {
  deferred.delete(j);
}

/** Whether the mail's GM blocks asked for anything to run after its transaction. */
export function hasDeferred(j: Judge): boolean {
  return (deferred.get(j)?.length ?? 0) > 0;
}

/** After the mail's transaction: process what its GM blocks asked for; a failure is mailed to the GM. */
export function runDeferred(j: Judge): number {
  const list = deferred.get(j) ?? [];
  deferred.delete(j);
  let queued = 0;
  for (const d of list) {
    try {
      processPhase(j, d.gameId, d.actor);
    } catch (e) {
      const game = getGame(j.db, d.gameId);
      if (game?.gm_email)
        queued += Number(
          enqueue(
            j.db,
            {
              dedupeKey: `process-failed:${d.gameId}:${nowIso(j)}`,
              gameId: d.gameId,
              kind: 'notice',
              to: [game.gm_email],
              subject: `[${d.gameId}] PROCESS failed`,
              body: `Your PROCESS by mail for ${game.title} (${d.gameId}) failed: ${(e as Error).message}\n`,
            },
            j.domain,
            nowIso(j),
          ).created,
        );
    }
  }
  return queued;
}

export function statusText(j: Judge, game: GameRow): string {
  const p = currentPhase(j.db, game.id);
  const sent = new Set(p ? liveSubmissions(j.db, game.id, p.number).map((s) => s.player_id) : []);
  const players = listPlayers(j.db, game.id).filter(isPlaying);
  const tz = gameSettings(game).timezone;
  const lang = gameSettings(game).gmLang;
  const gm = p && waitsForGm(p) ? gmStatus(j, game, p) : null;
  return [
    `${game.status}; phase ${p?.number} ${p ? phaseLabel(game, p, lang) : ''}; deadline ${formatDeadline(p?.deadline, tz, lang) ?? 'none'}`,
    ...(gm
      ? [
          `waiting for the GM since ${formatDeadline(p!.gm_opened_at, tz, lang)}; GM deadline ${formatDeadline(p!.gm_deadline, tz, lang) ?? 'none'}${gm.hold ? '; HOLD' : ''}${gm.released ? '; RELEASED' : ''}`,
          `open decisions: ${gm.open.map((m) => `${m.id}${m.default === null ? ' (!)' : ` (${m.default})`}`).join(', ') || '-'}`,
        ]
      : []),
    `orders in: ${
      players
        .filter((x) => sent.has(x.id))
        .map((x) => x.id)
        .join(', ') || '-'
    }`,
    `missing: ${
      players
        .filter((x) => !sent.has(x.id))
        .map((x) => `${x.id}${x.nmr_streak ? ` (NMR ${x.nmr_streak})` : ''}`)
        .join(', ') || '-'
    }`,
  ].join('\n         ');
}

const HELP = new Set(['help', 'napoveda', 'pomoc', 'помощь', 'справка']);
const LIST = new Set(['list', 'seznam', 'список']);

/** HELP / LIST as the first line of a mail without a block. */
export function mailCommand(firstLine: string): { name: 'help' | 'list'; lang: Lang } | null {
  const w = fold(firstLine.trim().split(/\s+/)[0] ?? '').replace(/[.!:]$/, '');
  const lang: Lang = /[а-я]/.test(w) ? 'ru' : ['napoveda', 'pomoc', 'seznam'].includes(w) ? 'cs' : 'en';
  if (HELP.has(w)) return { name: 'help', lang };
  if (LIST.has(w)) return { name: 'list', lang };
  return null;
}

/** The games that are not over, each with its open phase labelled in the reader's language. */
export function gameList(
  j: Judge,
  lang: Lang = 'en',
): { id: string; title: string; kind: string; status: string; phase: string; players: number }[] {
  return listGames(j.db)
    .filter((g) => g.status !== 'over')
    .map((g) => {
      const p = currentPhase(j.db, g.id);
      return {
        id: g.id,
        title: g.title,
        kind: g.kind,
        status: g.status,
        phase: p ? `${p.number} ${phaseLabel(g, p, lang)}` : '-',
        players: listPlayers(j.db, g.id).filter(isPlaying).length,
      };
    });
}

/** A phase's label in a language (the stored label is in the game's default language). */
export function phaseLabel(game: GameRow, phase: { state_json: string; label: string }, lang: Lang): string {
  try {
    return getRules(game.kind).phase(JSON.parse(phase.state_json), lang).label;
  } catch {
    return phase.label;
  }
}
