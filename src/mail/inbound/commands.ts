// Commands to the judge itself, by mail:
// - inside a player's block (authenticated): FINAL, RESEND, ORDERS, HELP,
//   PASSWORD <new>, ADDRESS <new> (confirmed from the old address), CONFIRM <code>;
//   (RESET <code> is password-reset.ts's);
// - in a GM block: gm-mail.ts;
// - a mail whose first line is HELP [game], LIST or RESET <game> <player> (no block needed).
import { randomInt } from 'node:crypto';
import type { Judge } from '../../context.js';
import { nowIso } from '../../context.js';
import { resendReport } from '../../engine/gm.js';
import type { Lang } from '../../engine/types.js';
import { formatWords, wordTable } from '../../render/fluent.js';
import { formatDeadline } from '../../render/time.js';
import { audit } from '../../store/audit.js';
import { isPlaying, listGames, listPlayers, type GameRow, type PlayerRow } from '../../store/games.js';
import { hashPassword } from '../../store/passwords.js';
import { guessLimit, recordAuthFailure } from '../../store/auth-failures.js';
import { currentPhase } from '../../store/phases.js';
import { playerSubmissions } from '../../store/submissions.js';
import { currentOrders } from '../../engine/orders.js';
import { getRules } from '../../games/registry.js';
import { emailSchema } from '../../email.js';
import { queueNotice } from '../../engine/notices.js';
import { gameSettings } from '../../engine/settings.js';
import { fold, type JudgeCommand } from './envelope.js';
import { sharedState } from '../../engine/shared-json.js';
import { setPlayerMailFormat, type MailFormat } from '../outbound/html-parts.js';
import { forecastSwitch, setPlayerForecast } from './forecast.js';
import { addressRefusal, type AddressRefusal } from './address-target.js';
import { queueOrderHelp, type MailCommand } from './help-answers.js';
import { absenceLine, withdrawLine } from './seat-commands.js';
export type { MailCommand } from './help-answers.js';

import type { CommandResult } from './gm-mail.js';
export type { CommandResult } from './gm-mail.js';
// The GM's commands by mail live in gm-mail.ts.
export { dropDeferred, gmCommands, hasDeferred, runDeferred, statusText } from './gm-mail.js';

/** The answers to commands (Fluent messages command-*, templates/common/<lang>/mail-answers.ftl). */
const ANSWERS = wordTable('common', 'command', [
  'resend',
  'noReport',
  'final',
  'password',
  'passwordNeeded',
  'weakPassword',
  'badAddress',
  'addressJudge',
  'addressRobot',
  'addressList',
  'addressSeat',
  'addressDone',
  'addressAsk',
  'confirmFrom',
  'confirmBad',
  'confirmLocked',
  'noOrders',
  'current',
  'formatText',
  'formatHtml',
  'formatBad',
  'forecastOn',
  'forecastOff',
  'forecastBad',
  'help',
] as const);

/** Why ADDRESS refuses an address → its answer. */
const REFUSED = {
  judge: 'addressJudge',
  robot: 'addressRobot',
  list: 'addressList',
  seat: 'addressSeat',
} as const satisfies Record<AddressRefusal, keyof typeof ANSWERS>;

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

/**
 * The player commands of one block. The block's orders (if any) are already
 * stored. `lang`: the language of the mail the answers go in (an
 * acknowledgement in the kind's report language for a reader whose language
 * the kind lacks: one language per mail).
 */
export function playerCommands(
  j: Judge,
  game: GameRow,
  player: PlayerRow,
  commands: JudgeCommand[],
  auth: CommandAuth,
  /** The address the block came from (its From): the audit log's actor. */
  sender: string,
  lang: Lang = player.lang,
): CommandResult[] {
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
      case 'help':
        // The game's orders in a mail of their own (help-answers.ts), to the address of record.
        queueOrderHelp(j, game, player, `${auth.inboundId ?? at}:${c.line}`);
        ok(t('help', lang));
        break;
      case 'reset':
        // A block with RESET never gets here (ingest.ts hands it to password-reset.ts).
        break;
      case 'absence':
      case 'withdraw': {
        // The seats by mail (seat-commands.ts).
        const a =
          c.name === 'absence'
            ? absenceLine(j, game, player, c.arg, `mail:${sender}`, lang)
            : withdrawLine(j, game, player, `mail:${sender}`, lang);
        (a.ok ? ok : fail)(a.result);
        break;
      }
      case 'format': {
        const f = FORMATS[fold(c.arg ?? '')];
        if (!f) fail(t('formatBad', lang));
        else {
          setPlayerMailFormat(j, game.id, player.id, f);
          audit(j.db, at, `mail:${sender}`, game.id, 'player.format', { player: player.id, format: f });
          ok(t(f === 'text' ? 'formatText' : 'formatHtml', lang));
        }
        break;
      }
      case 'forecast': {
        const on = forecastSwitch(c.arg ?? '');
        if (on === null) fail(t('forecastBad', lang));
        else {
          setPlayerForecast(j, game.id, player.id, on);
          audit(j.db, at, `mail:${sender}`, game.id, 'player.forecast', { player: player.id, forecast: on });
          ok(t(on ? 'forecastOn' : 'forecastOff', lang));
        }
        break;
      }
      case 'resend':
        try {
          resendReport(j, game.id, player.id, undefined, `mail:${sender}`);
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
          audit(j.db, at, `mail:${sender}`, game.id, 'player.password', { player: player.id });
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
        const refused = addressRefusal(j, game, player, email);
        if (refused) {
          fail(t(REFUSED[refused], lang));
          break;
        }
        if (auth.verifiedRecord) {
          // DKIM-aligned mail from the address of record: its owner asks. Both addresses are told (changeAddress).
          changeAddress(j, game, player, email, `mail:${sender}`);
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
        // Wrong codes count for the seat's address changes alone (never cleared by a right password): codes cannot be tried out.
        const codes = `confirm:${player.id}`;
        const limit = guessLimit(j.db, game.id, codes, player.email, at, j.config.inbox.authFailures);
        if (limit) {
          const until = formatDeadline(limit.until, gameSettings(game).timezone, lang);
          fail(formatWords(ANSWERS.confirmLocked, lang, { until }));
          break;
        }
        const row = j.db
          .prepare(
            'SELECT * FROM address_changes WHERE game_id = ? AND player_id = ? AND code = ? AND confirmed_at IS NULL ORDER BY id DESC LIMIT 1',
          )
          .get(game.id, player.id, c.arg ?? '') as { id: number; new_email: string } | undefined;
        if (!row) {
          recordAuthFailure(j.db, {
            game: game.id,
            player: codes,
            sender: player.email,
            at,
            inboundId: auth.inboundId ?? null,
            own: false,
          });
          fail(t('confirmBad', lang));
          break;
        }
        // Taken meanwhile by another seat (or the judge's settings changed): refused now too.
        const refused = addressRefusal(j, game, player, row.new_email);
        if (refused) {
          fail(t(REFUSED[refused], lang));
          break;
        }
        j.db.prepare('UPDATE address_changes SET confirmed_at = ? WHERE id = ?').run(at, row.id);
        changeAddress(j, game, player, row.new_email, `mail:${sender}`);
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

const HELP = new Set(['help', 'napoveda', 'pomoc', 'помощь', 'справка']);
const LIST = new Set(['list', 'seznam', 'список']);
const RESET = new Set(['reset', 'obnovit', 'сброс', 'сбросить']);

/** HELP [game] / LIST / RESET <game> <player> as the first line of a mail without a block. */
export function mailCommand(firstLine: string): MailCommand | null {
  const words = firstLine.trim().split(/\s+/);
  const w = fold(words[0] ?? '').replace(/[.!:]$/, '');
  const lang: Lang = /[а-я]/.test(w) ? 'ru' : ['napoveda', 'pomoc', 'seznam', 'obnovit'].includes(w) ? 'cs' : 'en';
  // HELP <game>: that game's orders; HELP and anything longer: the judge's help.
  if (HELP.has(w)) return words.length === 2 ? { name: 'help', lang, game: words[1]! } : { name: 'help', lang };
  if (LIST.has(w)) return { name: 'list', lang };
  if (RESET.has(w) && words.length === 3) return { name: 'reset', lang, game: words[1]!, player: words[2]! };
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
        phase: p ? phaseLabel(g, p, lang) : '-',
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
