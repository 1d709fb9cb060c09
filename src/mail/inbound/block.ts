// One order block of a player: routed to its game and seat, authenticated,
// parsed, stored as the seat's orders, and acknowledged (messages relayed,
// rolls answered at once, judge commands run).
import { randomBytes } from 'node:crypto';
import type { Judge } from '../../context.js';
import { getRules } from '../../games/registry.js';
import { reportLang } from '../../engine/kinds.js';
import { mailContent, render } from '../../render/templates.js';
import type { AnyRules, LineError, OrderEcho } from '../../engine/types.js';
import { gameConfigJson, getGame, getPlayer, isPlaying, type GameRow, type PlayerRow } from '../../store/games.js';
import { sha256 } from '../../store/inbound.js';
import { enqueue } from '../../store/outbox.js';
import { currentPhase } from '../../store/phases.js';
import {
  countSubmissions,
  hasSubmissions,
  insertSubmission,
  liveSubmissionId,
  playerSubmissions,
} from '../../store/submissions.js';
import { foldedOrders, foldOrders, type CurrentOrders, type OrdersFold } from '../../engine/orders.js';
import { gameSettings } from '../../engine/settings.js';
import { playerGender } from '../../engine/seats.js';
import { waitsForGm } from '../../engine/gm-phase.js';
import { formatDeadline } from '../../render/time.js';
import { dropDeferred, playerCommands } from './commands.js';
import { forgetSent, relayMessages } from './relay.js';
import { RunFolds } from './run-folds.js';
import { forecastDue } from './forecast.js';
import { addForecastDue } from '../../store/forecast-due.js';
import { answerInstant, forgetInstantInputs, queueInstant } from './instant.js';
import { factsFromAuthResults, senderCause, senderProblem, verifyMessage, type AuthFacts } from './auth.js';
import { gameAuth } from '../../engine/game-auth.js';
import type { OrderBlock } from './envelope.js';
import { isMangled } from './charset.js';
import type { NormalizedMail } from './normalize.js';
import type { BlockAuth } from './guard.js';
import { arrivalNote } from './arrival.js';
import { resetBlock } from './password-reset.js';
import { sharedState } from '../../engine/shared-json.js';
import { threadHeaders } from './thread.js';
import { lockedAnswer, rightPassword, wrongPassword } from './guesses.js';
import { reject } from './answer.js';
import { signupBlock } from './signup-block.js';
import type { Problem } from './intake-types.js';
import { handleGmBlock } from './gm-block.js';
import type { BlockOutcome } from './intake-types.js';
import { seatsOf } from './senders.js';
import { ordersParsedAhead } from './orders-ahead.js';
import { stateGen } from '../../store/read-gen.js';

export async function authFacts(
  j: Judge,
  raw: Buffer,
  m: NormalizedMail,
  blocks: OrderBlock[],
): Promise<AuthFacts | null> {
  const needed = blocks.some((b) => {
    // The game's config only (its setup and the rest are not needed here, for every mail).
    const config = b.game ? gameConfigJson(j.db, b.game) : undefined;
    if (config === undefined) return false;
    const a = gameAuth(config);
    return a.dkim || a.dmarc;
  });
  if (!needed) return null;
  const domain = m.from?.split('@')[1] ?? '';
  const trusted = j.config.judge.trustedAuthservId;
  if (trusted)
    return (
      factsFromAuthResults(m.headers.get('authentication-results') ?? [], trusted, domain) ?? {
        dkimAligned: false,
        dmarcPass: false,
        evidence: `no Authentication-Results of ${trusted}`,
      }
    );
  try {
    return await verifyMessage(raw, domain);
  } catch (e) {
    return { dkimAligned: false, dmarcPass: false, evidence: `DKIM/DMARC check failed: ${(e as Error).message}` };
  }
}

/** A seat's orders for the phase as its mails so far amend them (kinds with mergeOrders), folded over the run (RunFolds). */
function seatOrders(
  j: Judge,
  rules: AnyRules,
  state: unknown,
  gameId: string,
  phase: number,
  player: string,
): CurrentOrders {
  return foldedOrders(
    orderFolds.fold(j.db, `${gameId}\u0000${phase}\u0000${player}`, state, {
      since: (after) => playerSubmissions(j.db, gameId, phase, player, after),
      count: () => countSubmissions(j.db, gameId, phase, player),
      add: (rows, from) => foldOrders(rules, state, rows, from),
    }),
  );
}
const orderFolds = new RunFolds<OrdersFold>();

/** A mail's writes, or a write group's, were rolled back: what this run kept of them goes too. */
export function rolledBack(j: Judge): void {
  dropDeferred(j);
  forgetInstantInputs(j); // the rolls recorded are rolled back with it
  orderFolds.forget(j.db);
  forgetSent(j);
}

/** Makes the marks where forecasts go (forecast-release.ts) such as no mail a player writes holds. */
const MARK_SECRET = randomBytes(12).toString('base64url');

export function handleBlock(
  j: Judge,
  inboundId: number,
  m: NormalizedMail,
  b: OrderBlock,
  index: number,
  at: string,
  arrived: string,
  facts: AuthFacts | null,
  checked: BlockAuth,
): { outcome: BlockOutcome; queued: number; problem?: Problem } {
  const game: GameRow | undefined = getGame(j.db, b.game);
  // The answer's subject is tagged with the game when there is one (the judge's name otherwise).
  if (b.headerError) return reject(b, 'game-line', { detail: b.headerError }, game ? { game: game.id } : {});
  if (!game) {
    // The answer goes to the From (answer.ts finish): the games it lists are the From's own, never a
    // Reply-To's (anybody may name anybody there, and would learn his games and seats).
    const games = [
      ...new Map(seatsOf(j, m.from).map((p) => [`${p.game_id}/${p.id}`, { game: p.game_id, player: p.id }])).values(),
    ];
    return reject(b, 'unknown-game', { game: b.game }, { games });
  }
  const g = { game: game.id };
  if (b.kind === 'gm') return handleGmBlock(j, inboundId, m, b, index, at, game, checked, facts);
  if (game.status === 'over') return reject(b, 'game-over', { game: game.id }, g);
  const player: PlayerRow | undefined = getPlayer(j.db, game.id, b.player);
  const auth = gameAuth(game.config_json);
  const fromRecord = !!player && (m.from ?? '') === player.email.toLowerCase();
  if (checked.locked) return reject(b, 'locked', lockedAnswer(game, checked.locked), g);
  // "No such player" and "wrong password" are one answer; both count against the seat named (guesses.ts).
  const refused = (): ReturnType<typeof reject> => {
    // An id that is no seat may be a password written in its place: only a digest of it is kept.
    const seat = player ? player.id : `unknown:${sha256(Buffer.from(b.player.toLowerCase())).slice(0, 12)}`;
    const r = wrongPassword(j, game, seat, m.from ?? '', at, inboundId, checked);
    return reject(b, r.kind, r.params, g);
  };
  const reset = resetBlock({ j, game, player, b, checked }, m.from ?? '', refused, (k) => reject(b, k, g, g));
  if (reset) return reset; // RESET <code> with PASSWORD <new> (password-reset.ts): a wrong code is a wrong password
  // Sender authentication first: its answer must not tell whether the password was right.
  const unauthenticated = senderProblem(auth, facts);
  if (unauthenticated) return reject(b, 'sender-auth', { detail: unauthenticated, cause: senderCause(auth, facts) }, g);
  if (!b.password) {
    if (auth.password || !fromRecord) return reject(b, 'no-password', {}, g);
  } else if (!player || !checked.ok || checked.hash !== player.password_hash) return refused();
  if (!player) return refused();
  rightPassword(j, game, player.id, at, checked);
  if (!isPlaying(player)) return reject(b, 'inactive-player', { game: game.id, player: player.id }, g);
  // Before a sign-up game starts: the judge's own lines only (signup-block.ts).
  if (game.status === 'signup') {
    const passwordChecked = !!b.password && checked.ok;
    const seatAuth = { fromRecord, passwordChecked, verifiedRecord: false, newHashes: checked.newHashes, inboundId };
    const headers = threadHeaders(m);
    return signupBlock(j, game, player, b, {
      inboundId,
      index,
      auth: seatAuth,
      sender: m.from ?? player.email,
      headers,
    });
  }
  const phase = currentPhase(j.db, game.id);
  if (!phase || phase.processed_at) return reject(b, 'no-phase', { game: game.id }, g);
  if (waitsForGm(phase) && b.lines.some((l) => l.trim())) return reject(b, 'gm-deciding', { game: game.id }, g);
  const rules = getRules(game.kind);
  // Parsed once per phase for the run, shared by every mail (frozen: nothing here may change it).
  const state = sharedState(phase);
  // Orders: a block with order lines replaces the player's orders; a block of
  // judge commands only (RESEND, PASSWORD…) leaves them as they are.
  const hasOrders = b.lines.some((l) => l.trim());
  const text = b.lines.join('\n');
  // Parsed on the poll's thread already when what that parse assumed still holds (orders-ahead.ts).
  const parsed = hasOrders
    ? (ordersParsedAhead(m, index, () => ({ phase, stateGen: stateGen(j.db), player, text })) ??
      rules.parseOrders(text, { state, player: player.id, lang: player.lang }))
    : { orders: [], errors: [], echo: [], messages: [] };
  const earlier = hasSubmissions(j.db, game.id, phase.number, player.id);
  // Only FINAL asks whether orders stand already.
  const live = b.final ? liveSubmissionId(j.db, game.id, phase.number, player.id) : undefined;
  const ordersGiven = parsed.orders.length > 0 || parsed.errors.length > 0;
  // The block's orders as stored: its submission's, and its forecast's unless earlier orders are amended (forecast-release.ts).
  const ordersJson = JSON.stringify(parsed.orders);
  if (ordersGiven || (b.final && live === undefined)) {
    insertSubmission(j.db, {
      game_id: game.id,
      phase_number: phase.number,
      player_id: player.id,
      inbound_id: inboundId,
      text,
      orders_json: ordersJson,
      errors_json: JSON.stringify(parsed.errors),
      echo_json: JSON.stringify(parsed.echo),
      received_at: arrived,
      final: b.final,
    });
  } else if (b.final && live !== undefined) j.db.prepare('UPDATE submissions SET final = 1 WHERE id = ?').run(live);
  // Games whose mails amend the orders: show what stands now, earlier mails included.
  const amended = ordersGiven && earlier && !!rules.mergeOrders;
  const standing = amended ? seatOrders(j, rules, state, game.id, phase.number, player.id) : null;
  const messages = relayMessages(j, game, player, phase.number, state, parsed.messages ?? [], inboundId, at);
  const instant = answerInstant(j, game, player, phase, state, parsed.orders, inboundId, at); // rolls answered at once (rules.instant), queued after the acknowledgement
  // The echo and forecast are the kind's words: a reader whose language the kind has none in reads it all in its report language.
  const lang = reportLang(rules, player.lang);
  const commands = playerCommands(
    j,
    game,
    player,
    b.commands,
    {
      fromRecord,
      passwordChecked: !!b.password && checked.ok,
      verifiedRecord: fromRecord && auth.dkim && !!facts?.dkimAligned,
      newHashes: checked.newHashes,
      inboundId,
    },
    // The audit's actor: the address the block was judged by (its From), never a Reply-To it named.
    m.from ?? player.email,
    lang,
  );
  const sender = m.from ?? '';
  const foreign = sender !== player.email.toLowerCase();
  const mangled = b.lines.map((text, i) => ({ line: i + 1, text })).filter((l) => isMangled(l.text));
  const due = forecastDue(game, player, state, b.commands, ordersGiven ? (standing?.orders ?? parsed.orders) : null);
  const mark = due ? `[[forecast ${MARK_SECRET}.${inboundId}.${index}]]` : null;
  const ack = render(game.kind, lang, 'ack', {
    game: { id: game.id, title: game.title },
    player: { id: player.id, name: player.name, gender: playerGender(game, player) },
    phase: {
      number: phase.number,
      label: rules.phase(state, lang).label,
      deadline: phase.deadline,
      deadlineText: formatDeadline(phase.deadline, gameSettings(game).timezone, lang),
    },
    // Games where a later mail amends the orders (Godfather) say so in the acknowledgement.
    amends: !!rules.mergeOrders,
    // Rolls answered at once stand: a later mail does not take them back.
    instantAnswered: instant.rolls,
    ordersGiven,
    echo: parsed.echo as OrderEcho[],
    errors: parsed.errors as LineError[],
    messages,
    commands,
    final: b.final,
    replaced: ordersGiven && earlier && !rules.mergeOrders,
    amended,
    current: standing?.echo ?? [],
    // Its forecast is made once the run's answers are complete (forecast-release.ts): a mark holds its place.
    forecastDue: mark,
    unterminated: b.end !== 'end-line',
    foreignSender: foreign ? sender : null,
    mangled,
    charset: m.charsetFixes[0] ?? null,
    // When it arrived, if that matters: too late for the phase before, or in time for one whose deadline has passed.
    arrival: arrivalNote(game, phase, arrived, j.clock(), lang),
  });
  // Answers about a seat go to its address of record only: never to a Reply-To (a
  // forged From with a Reply-To of the guesser's would learn a guessed password was right).
  const to = [player.email];
  const r = enqueue(
    j.db,
    {
      dedupeKey: `ack:${inboundId}:${index}`,
      gameId: game.id,
      phase: phase.number,
      kind: 'ack',
      to,
      ...mailContent(ack),
      headers: threadHeaders(m),
      held: !!due,
    },
    j.domain,
    at,
  );
  if (due && r.created)
    addForecastDue(j.db, {
      outbox_id: r.id,
      game_id: game.id,
      phase_number: phase.number,
      player_id: player.id,
      lang,
      mark: mark!,
      subject: m.subject,
      orders_json: standing ? JSON.stringify(due) : ordersJson,
    });
  const answers = queueInstant(j, instant, at); // after the acknowledgement, which says they come
  return {
    outcome: {
      game: game.id,
      player: player.id,
      accepted: true,
      orders: parsed.echo.length,
      errors: parsed.errors.length,
      ...(mangled.length ? { mangled: mangled.length } : {}),
    },
    queued: Number(r.created) + answers,
  };
}
