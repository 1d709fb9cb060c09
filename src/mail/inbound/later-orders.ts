// A forecast where it is read (issue #33): when a seat's orders arrive in
// several mails taken in by one run, every acknowledgement goes out together,
// and only the last one's forecast is of the orders that then stand. An
// earlier one says which later mail's answer carries it instead of a forecast
// already out of date when it is read, and the judge does not make it.
//
// What a run knows of its later mails is what it has read ahead of the one
// being handled (batch.ts) and, on intake's worker, every mail the poll's
// thread has stored and parsed so far (parse-ahead.ts GivenParses): their
// order blocks, by sender and seat. A later block counts only when it will be
// taken as surely as the one being acknowledged: from the same sender, for the same game and seat, with order
// lines, with the very password that block was accepted with (or, like it,
// none), and with no FORECAST line of its own (which could turn its forecast
// off). A mail read ahead is thus never a way for anyone but the player to
// take his forecast away.
import type { Db } from '../../store/db.js';
import type { OrderBlock } from './envelope.js';

/** The later mail whose acknowledgement carries the forecast: its subject (the reader finds it by that). */
export interface LaterMail {
  subject: string;
}

interface Entry {
  id: number;
  subject: string;
  password: string | null;
}

const key = (from: string, game: string, player: string) => `${from}\u0000${game}\u0000${player.toLowerCase()}`;

export class LaterOrders {
  /** Order blocks of mails read ahead and not handled yet, by (sender, game, seat), in the order the mails came. */
  private readonly byKey = new Map<string, Entry[]>();
  /** The highest id of a mail whose turn has come: nothing up to it is later than a mail still to come. */
  private handled = -Infinity;
  /** The mails noted (a mail may be read ahead and handed over parsed both). */
  private readonly noted = new Set<number>();

  /** A mail read ahead: its blocks that give a seat orders, with no FORECAST line. */
  note(id: number, from: string | null, subject: string, blocks: readonly OrderBlock[]): void {
    if (!from || id <= this.handled || this.noted.has(id)) return;
    this.noted.add(id);
    for (const b of blocks) {
      if (b.kind !== 'player' || b.headerError || !b.lines.some((l) => l.trim())) continue;
      if (b.commands.some((c) => c.name === 'forecast')) continue;
      const k = key(from, b.game, b.player);
      const list = this.byKey.get(k) ?? [];
      list.push({ id, subject, password: b.password });
      this.byKey.set(k, list);
    }
  }

  /** This mail's turn came (the mails come in increasing id): nothing up to it is later than a mail still to come. */
  reached(id: number): void {
    this.handled = Math.max(this.handled, id);
    this.noted.delete(id);
  }

  /**
   * A mail after `id`, read ahead, that gives this seat orders as surely as the
   * block accepted now (its password) and is still to be handled (`waiting`: not
   * a copy of an earlier mail, say), or null.
   */
  after(
    id: number,
    from: string | null,
    game: string,
    player: string,
    password: string | null,
    waiting: (id: number) => boolean,
  ): LaterMail | null {
    if (!from) return null;
    const k = key(from, game, player);
    // What is not later than this mail never will be again: dropped as it is passed.
    const list = this.byKey.get(k)?.filter((x) => x.id > id) ?? [];
    if (list.length) this.byKey.set(k, list);
    else this.byKey.delete(k);
    const e = list.find((x) => x.password === password && waiting(x.id));
    return e ? { subject: e.subject } : null;
  }
}

/** The later mails of the run over the stored mails (batch.ts handleUnhandled), while it runs. */
export const laterOrders = new WeakMap<Db, LaterOrders>();
