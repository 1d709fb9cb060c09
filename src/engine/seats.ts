// A seat's grammatical gender, for the mails that agree with it («Анна выбыла из
// игры», "Jana byla vyřazena"): the seat's `gender` in the game's stored setup
// (games.setup_json keeps the seats), else inferred from the player's name
// (src/render/gender.ts). A seat handed to someone else (judge player replace)
// is rewritten in the stored setup with the new name and the gender given, so
// that the new name's gender is the one used from then on.
import { inferGender, parseGender, type Gender } from '../render/gender.js';
import type { GameRow } from '../store/games.js';
import type { PlayerSeat } from './types.js';
import { fromShared, sharedSetup } from './shared-json.js';

export type { Gender } from '../render/gender.js';

/** A seat as the game kinds get it at setup and on a replacement, with its gender when the setup gave one. */
export type GenderedSeat = PlayerSeat & { gender?: Gender };

interface StoredSeat {
  id: string;
  name?: string;
  gender?: unknown;
}

interface StoredSetup {
  seats?: StoredSeat[];
  /** The kind's own part; Godfather's may hold `genders: { id: f }`. */
  game?: { genders?: Record<string, unknown> };
}

function stored(setupJson: string, gameId?: string): StoredSetup {
  try {
    // A big board's setup is megabytes: read once per game for a run of mails (shared, never changed here).
    const s = (gameId ? sharedSetup({ id: gameId, setup_json: setupJson }) : JSON.parse(setupJson)) as StoredSetup;
    return s && typeof s === 'object' ? s : {};
  } catch {
    return {};
  }
}

/** The stored seats by lower-case id (the first of an id); kept with a shared setup (fromShared), built anew for a parsed one. */
function seatsById(setup: StoredSetup): Map<string, StoredSeat> {
  return fromShared(setup, 'seats-by-lower-id', () => {
    const byId = new Map<string, StoredSeat>();
    if (Array.isArray(setup.seats))
      for (const s of setup.seats)
        if (s && typeof s === 'object' && typeof s.id === 'string' && !byId.has(s.id.toLowerCase()))
          byId.set(s.id.toLowerCase(), s);
    return byId;
  });
}

/**
 * The grammatical gender of a player: the stored seat's `gender` (or the
 * kind's `genders:` map, Godfather's) while the seat still has the name it was
 * given with (a replacement under another name without one falls back to the
 * new name), else the one inferred from the name.
 */
export function playerGender(
  game: Pick<GameRow, 'setup_json'> & { id?: string },
  player: { id: string; name: string },
): Gender {
  const setup = stored(game.setup_json, game.id);
  const seat = seatsById(setup).get(player.id.toLowerCase());
  const genders = setup.game?.genders && typeof setup.game.genders === 'object' ? setup.game.genders : {};
  const given = parseGender(seat?.gender) ?? parseGender(seat ? genders[seat.id] : genders[player.id]);
  if (given && (seat?.name === undefined || seat.name === player.name)) return given;
  return inferGender(player.name);
}

/**
 * The stored setup after a seat is handed over: the seat's name becomes the new
 * one; its gender the one given, else it is dropped when the name changes (the
 * new name's is inferred) and kept when it does not.
 */
export function setupWithSeat(setupJson: string, id: string, name: string, gender?: Gender): string {
  const setup = JSON.parse(setupJson) as StoredSetup & Record<string, unknown>;
  const seats = Array.isArray(setup.seats) ? setup.seats : [];
  const seats2 = seats.map((s) => {
    if (!s || typeof s.id !== 'string' || s.id.toLowerCase() !== id.toLowerCase()) return s;
    const before = playerGender({ setup_json: setupJson }, { id: s.id, name: s.name ?? name });
    const { gender: _old, ...rest } = s;
    const keep = gender ?? (s.name === name ? before : null);
    return { ...rest, name, ...(keep ? { gender: keep } : {}) };
  });
  // The seat's gender is now on the seat alone: a kind's genders: entry for it would outlive the old name.
  const genders = setup.game?.genders && typeof setup.game.genders === 'object' ? setup.game.genders : null;
  const game = genders
    ? {
        ...setup.game,
        genders: Object.fromEntries(Object.entries(genders).filter(([k]) => k.toLowerCase() !== id.toLowerCase())),
      }
    : setup.game;
  return JSON.stringify({ ...setup, seats: seats2, ...(game ? { game } : {}) });
}

/** The seat handed to rules.setup / rules.replacePlayer, with the gender the setup gave (if any). */
export function genderedSeat(seat: PlayerSeat, gender: Gender | null | undefined): GenderedSeat {
  return gender ? Object.assign(seat, { gender }) : seat;
}
