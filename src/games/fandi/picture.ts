// The FanDi map picture (Rules.picture): an SVG drawn from the report model's
// `board` (board-model.ts) alone, so it never shows more than the report does.
// Colour-blind safe: every city carries its owner's letter, impassable squares
// are hatched, the reader's own cities have a heavy frame, units are badges
// with their count (and owner's letter when not the reader's), moves are
// arrows and battles crosses; colours (Okabe–Ito) only help. Boards up to
// 100×100: the square size shrinks with the board (14–36 px), the mail shows
// the picture fluid to the screen's width.
import type { Lang, Picture, ReportModel } from '../../engine/types.js';
import type { BoardModel, BoardMove } from './board-model.js';

/** Okabe–Ito colours with a text colour that reads on each. */
const PALETTE: { fill: string; ink: string }[] = [
  { fill: '#E69F00', ink: '#000000' },
  { fill: '#56B4E9', ink: '#000000' },
  { fill: '#009E73', ink: '#000000' },
  { fill: '#F0E442', ink: '#000000' },
  { fill: '#0072B2', ink: '#ffffff' },
  { fill: '#D55E00', ink: '#000000' },
  { fill: '#CC79A7', ink: '#000000' },
];

const WORDS = {
  cs: {
    alt: (t: number) => `Mapa po tahu ${t}`,
    name: (t: number) => `mapa-tah-${t}`,
    neutral: 'neutrální město',
    rock: 'neprůchodné pole',
    mine: 'tvé město (silný rámeček)',
    own: 'tvé jednotky (počet)',
    gmUnits: 'jednotky (písmeno hráče a počet)',
    spy: 'jednotky, které spočítal tvůj špión',
    move: 'pohyb jednotek v tomto tahu',
    battle: 'bitva v tomto tahu',
    out: 'mimo hru',
  },
  en: {
    alt: (t: number) => `Map after turn ${t}`,
    name: (t: number) => `map-turn-${t}`,
    neutral: 'neutral city',
    rock: 'impassable square',
    mine: 'your city (heavy frame)',
    own: 'your units (count)',
    gmUnits: 'units (player letter and count)',
    spy: 'units your spy counted',
    move: 'units moved this turn',
    battle: 'battle this turn',
    out: 'out',
  },
};

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** A rough width of a text in the sans font (the legend's layout only). */
function textWidth(s: string, size: number): number {
  return Math.ceil(s.length * size * 0.6);
}

function colour(player: number | null): { fill: string; ink: string } {
  return player === null ? { fill: '#ffffff', ink: '#000000' } : PALETTE[player % PALETTE.length]!;
}

/** Players past the palette's size get stripes over their colour, so no two look alike without their letter. */
function striped(player: number | null): boolean {
  return player !== null && Math.floor(player / PALETTE.length) % 2 === 1;
}

/** Coordinates to a tenth of a pixel: no 24.759999999999998 in every element of a 2,000-city picture. */
const r1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Where things go inside a square of c pixels (offsets from its top left). A
 * picture with units, moves or battles gives each its own part, so that none
 * covers a city's letter: the letter in the upper left, the unit badges in a
 * band along the bottom, the moves' arrows along the bottom band and the right
 * edge (moves are orthogonal steps: an arrow runs from the bottom right of one
 * square to the bottom right of the next, and its head ends there too), a
 * battle's cross in the upper right. The letter's size is what is left above
 * the badges (its font's whole height, ascent and descent) and beside the
 * arrows (an advance of at most 1.05 em a letter, bold). A picture without
 * them (the public map) keeps the letter large in the middle of its square.
 */
/** A battle cross's red stroke and the white halo under it. */
const battleStroke = (stroke: number) => Math.max(2, stroke * 1.3);
const battleHalo = (stroke: number) => battleStroke(stroke) + 2;

export function squareLayout(c: number, letters: number, overlays: boolean) {
  const badgeFont = Math.max(7, Math.floor(c * 0.3));
  const badgeH = badgeFont + 3;
  const stroke = Math.max(1.5, c / 14);
  const halo = Math.max(3, c / 9) + 2;
  const head = Math.max(6, c / 3.5);
  if (!overlays) {
    const font = Math.max(8, Math.floor(c * (letters > 1 ? 0.45 : 0.6)));
    return { badgeFont, badgeH, stroke, halo, head, font, letterX: c * 0.5, baseline: c * 0.5 + font * 0.35 };
  }
  // The arrows' track: the middle of the badge band, and a column by the right edge.
  const anchorX = c - 1.5 - head / 2;
  const anchorY = c - 1 - badgeH / 2;
  const left = 1.5;
  const right = anchorX - Math.max(halo, head) / 2 - 1;
  const top = 1.5;
  const bottom = c - 1 - badgeH - 1;
  const font = Math.max(6, Math.floor(Math.min((bottom - top) / 1.17, (right - left) / (1.05 * letters))));
  return {
    badgeFont,
    badgeH,
    stroke,
    halo,
    head,
    font,
    letterX: (left + right) / 2,
    baseline: top + font * 0.93,
    anchorX,
    anchorY,
    // The battle's cross: the upper right, beside the letter and above the badges.
    battle: {
      x: (right + 1 + c - 1.5) / 2,
      y: (top + bottom) / 2,
      d: Math.max(2, (Math.min(c - 1.5 - (right + 1), bottom - top) - battleHalo(stroke)) / 2),
    },
  };
}

/**
 * A move's arrow in board pixels: the track point of every square walked
 * (squareLayout); the last one pulled back so that the head's tip stops short
 * of the badges where the move ends (drawn over the arrows, they would hide it).
 */
function arrowPoints(
  m: BoardMove,
  c: number,
  t: { x: number; y: number; head: number; band: number },
  placed: ReadonlyMap<string, number>,
): { x: number; y: number }[] {
  const pts = m.path.map((p) => ({ x: p.x * c + t.x, y: p.y * c + t.y }));
  const used = placed.get(m.to) ?? 0;
  const last = m.path.at(-1)!;
  const prev = m.path.at(-2)!;
  if (!used) return pts;
  const dx = Math.sign(last.x - prev.x);
  const dy = Math.sign(last.y - prev.y);
  const tip = t.head * 0.2 + 1;
  const end = { ...pts.at(-1)! };
  if (dx > 0) end.x = (last.x + 1) * c - 1 - used - tip;
  else if (dx < 0) end.x = (last.x + 1) * c - 1 + tip;
  else if (dy > 0) end.y = (last.y + 1) * c - 1 - t.band - tip;
  else end.y = (last.y + 1) * c - 1 + tip;
  const before = pts.at(-2)!;
  // Only while the arrow still goes forward (else it ends under the badges).
  if ((end.x - before.x) * dx + (end.y - before.y) * dy > t.head) pts[pts.length - 1] = end;
  return pts;
}

export function drawBoard(b: BoardModel, lang: Lang): Picture {
  const w = lang === 'cs' ? WORDS.cs : WORDS.en;
  const overlays = b.units.length > 0 || b.moves.length > 0 || b.battles.length > 0;
  const letters = Math.max(1, ...b.players.map((p) => p.letter.length));
  let c = Math.max(14, Math.min(36, Math.floor(720 / Math.max(b.width, b.height))));
  // Units, moves and battles beside a letter need a larger square: at least one where the letter keeps 8 px.
  while (overlays && squareLayout(c, letters, true).font < 8) c++;
  const sq = squareLayout(c, letters, overlays);
  const label = Math.max(8, Math.min(12, Math.floor(c * 0.6)));
  const rowLabelW = textWidth(String(b.height), label) + 8;
  const colLabelH = label + 8;
  const ox = rowLabelW;
  const oy = colLabelH;
  const bw = b.width * c;
  const bh = b.height * c;
  const out: string[] = [];
  const cx = (x: number) => ox + x * c + c / 2;
  const cy = (y: number) => oy + y * c + c / 2;

  // The board: passable ground with a grid, impassable runs hatched.
  out.push(`<rect x="${ox}" y="${oy}" width="${bw}" height="${bh}" fill="#f7f2e4"/>`);
  const rocks: string[] = [];
  b.terrain.forEach((row, y) => {
    let x = 0;
    while (x < b.width) {
      if (row[x] !== '#') {
        x++;
        continue;
      }
      const start = x;
      while (x < b.width && row[x] === '#') x++;
      rocks.push(`M${ox + start * c} ${oy + y * c}h${(x - start) * c}v${c}h${-(x - start) * c}z`);
    }
  });
  if (rocks.length) out.push(`<path d="${rocks.join('')}" fill="url(#rock)"/>`);
  out.push(
    `<rect x="${ox}" y="${oy}" width="${bw}" height="${bh}" fill="url(#grid)" stroke="#3a3a3a" stroke-width="1"/>`,
  );

  // Coordinates on all four edges.
  const lf = `font-size="${label}" fill="#1b1b1b"`;
  const cols: string[] = [];
  b.columns.forEach((name, x) => {
    cols.push(`<text x="${cx(x)}" y="${oy - 4}" ${lf} text-anchor="middle">${name}</text>`);
    cols.push(`<text x="${cx(x)}" y="${oy + bh + label + 3}" ${lf} text-anchor="middle">${name}</text>`);
  });
  for (let y = 0; y < b.height; y++) {
    cols.push(`<text x="${ox - 4}" y="${r1(cy(y) + label * 0.35)}" ${lf} text-anchor="end">${y + 1}</text>`);
    cols.push(`<text x="${ox + bw + 4}" y="${r1(cy(y) + label * 0.35)}" ${lf}>${y + 1}</text>`);
  }
  out.push(`<g font-family="DejaVu Sans, Arial, sans-serif">${cols.join('')}</g>`);

  // Cities: the owner's colour and letter; the reader's own with a heavy frame.
  const cityFont = sq.font;
  // One path and one text group per owner and frame (not one element with all
  // its attributes per city): a 100-god board has 2,000 cities in every
  // reader's picture.
  const cities: string[] = [];
  const groups = new Map<string, typeof b.cities>();
  for (const city of b.cities) {
    const key = `${city.player ?? ''}|${city.mine ? 1 : 0}`;
    const g = groups.get(key);
    if (g) g.push(city);
    else groups.set(key, [city]);
  }
  const side = c - 3;
  for (const group of groups.values()) {
    const { player, mine } = group[0]!;
    const col = colour(player);
    const frame = mine
      ? `stroke="#000000" stroke-width="${Math.max(2, Math.round(c / 9))}"`
      : `stroke="#3a3a3a" stroke-width="1"${player === null ? ' stroke-dasharray="2 2"' : ''}`;
    const d = group
      .map((city) => `M${ox + city.x * c + 1.5} ${oy + city.y * c + 1.5}h${side}v${side}h-${side}z`)
      .join('');
    cities.push(`<path d="${d}" fill="${col.fill}" ${frame}/>`);
    if (striped(player)) cities.push(`<path d="${d}" fill="url(#stripes)"/>`);
    const texts = group.map(
      (city) =>
        `<text x="${r1(ox + city.x * c + sq.letterX)}" y="${r1(oy + city.y * c + sq.baseline)}" data-city="${city.at}">${esc(city.letter)}</text>`,
    );
    cities.push(
      `<g font-size="${cityFont}" font-weight="bold" fill="${col.ink}" text-anchor="middle">${texts.join('')}</g>`,
    );
  }
  out.push(`<g font-family="DejaVu Sans, Arial, sans-serif">${cities.join('')}</g>`);

  // Units: badges along the square's bottom, from the right, the reader's dark, a spy's outlined; several owners side by side.
  const badgeFont = sq.badgeFont;
  const bhgt = sq.badgeH;
  /** How much of each square's bottom band its badges take, from the right. */
  const placed = new Map<string, number>();
  const badges: string[] = [];
  for (const u of b.units) {
    const p = b.players[u.player];
    const text = u.mine ? String(u.count) : `${p?.letter ?? '?'}${u.count}`;
    const bwid = textWidth(text, badgeFont) + 4;
    const right = ox + (u.x + 1) * c - 1 - (placed.get(u.at) ?? 0);
    placed.set(u.at, (placed.get(u.at) ?? 0) + bwid + 1);
    const top = oy + (u.y + 1) * c - 1 - bhgt;
    const own = u.seen === 'own';
    badges.push(
      `<rect x="${r1(right - bwid)}" y="${r1(top)}" width="${r1(bwid)}" height="${bhgt}" rx="${bhgt / 2}" fill="${own ? '#111111' : '#ffffff'}" stroke="#111111" stroke-width="1"${own ? '' : ' stroke-dasharray="2 1.5"'}/>`,
      `<text x="${r1(right - bwid / 2)}" y="${r1(top + bhgt - 3)}" font-size="${badgeFont}" fill="${own ? '#ffffff' : '#111111'}" text-anchor="middle" data-units="${u.count}" data-at="${u.at}" data-seen="${u.seen}">${esc(text)}</text>`,
    );
  }

  // This turn's moves: arrows along the walked squares' track (squareLayout), a white halo under each.
  if (b.moves.length && sq.anchorX !== undefined) {
    const track = { x: sq.anchorX, y: sq.anchorY, head: sq.head, band: bhgt };
    const lines = b.moves
      .filter((m) => m.path.length > 1)
      .map((m) =>
        arrowPoints(m, c, track, placed)
          .map((p) => `${r1(ox + p.x)},${r1(oy + p.y)}`)
          .join(' '),
      );
    out.push(`<g fill="none" stroke-linejoin="round" stroke-linecap="round">`);
    for (const pts of lines) out.push(`<polyline points="${pts}" stroke="#ffffff" stroke-width="${r1(sq.halo)}"/>`);
    for (const pts of lines)
      out.push(
        `<polyline points="${pts}" stroke="#000000" stroke-width="${r1(sq.stroke)}" marker-end="url(#arrow)" data-move="1"/>`,
      );
    out.push('</g>');
  }

  // Battles: a cross in the square's upper right.
  for (const bt of b.battles) {
    const at = sq.battle ?? { x: c / 2, y: c / 2, d: c * 0.32 };
    const x = r1(ox + bt.x * c + at.x);
    const y = r1(oy + bt.y * c + at.y);
    const d = r1(at.d);
    const path = `M${x - d} ${y - d}L${x + d} ${y + d}M${x + d} ${y - d}L${x - d} ${y + d}`;
    out.push(`<path d="${path}" stroke="#ffffff" stroke-width="${r1(battleHalo(sq.stroke))}" stroke-linecap="round"/>`);
    out.push(
      `<path d="${path}" stroke="#b3001b" stroke-width="${r1(battleStroke(sq.stroke))}" stroke-linecap="round" data-battle="${bt.at}"/>`,
    );
  }

  // The badges over the arrows that end at them.
  if (badges.length)
    out.push(`<g font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold">${badges.join('')}</g>`);

  // The legend below the board.
  const lg = 13;
  const lineH = 20;
  const legend: string[] = [];
  const entries: { swatch: string; text: string }[] = [];
  const sw = (fill: string, extra = ' stroke="#3a3a3a" stroke-width="1"') =>
    `<rect x="0" y="0" width="14" height="14" rx="2" fill="${fill}"${extra}/>`;
  b.players.forEach((p, i) => {
    const col = colour(i);
    entries.push({
      swatch:
        sw(col.fill, p.me ? ' stroke="#000000" stroke-width="3"' : undefined) +
        (striped(i) ? `<rect x="0" y="0" width="14" height="14" fill="url(#stripes)"/>` : '') +
        `<text x="7" y="11" font-size="10" font-weight="bold" fill="${col.ink}" text-anchor="middle">${esc(p.letter)}</text>`,
      text: `${p.letter} = ${p.god} (${p.id})${p.out ? ` — ${w.out}` : ''}: ${p.cities}`,
    });
  });
  entries.push({
    swatch:
      sw('#ffffff', ' stroke="#3a3a3a" stroke-width="1" stroke-dasharray="2 2"') +
      `<text x="7" y="11" font-size="10" font-weight="bold" fill="#000000" text-anchor="middle">%</text>`,
    text: `% = ${w.neutral}: ${b.neutralCities}`,
  });
  entries.push({
    swatch: `<rect x="0" y="0" width="14" height="14" fill="url(#rock)" stroke="#3a3a3a"/>`,
    text: `# = ${w.rock}`,
  });
  // Only what the picture shows: a public map (no reader) has no own cities and no units.
  if (!b.gm && b.cities.some((c) => c.mine))
    entries.push({
      swatch: `<rect x="1" y="1" width="12" height="12" fill="#ffffff" stroke="#000000" stroke-width="3"/>`,
      text: w.mine,
    });
  if (b.units.length)
    entries.push({
      swatch: `<rect x="0" y="2" width="16" height="11" rx="5.5" fill="#111111"/><text x="8" y="11" font-size="9" fill="#ffffff" text-anchor="middle">3</text>`,
      text: b.gm ? w.gmUnits : w.own,
    });
  if (!b.gm && b.units.some((u) => u.seen === 'spy'))
    entries.push({
      swatch: `<rect x="0" y="2" width="18" height="11" rx="5.5" fill="#ffffff" stroke="#111111" stroke-dasharray="2 1.5"/><text x="9" y="11" font-size="9" fill="#111111" text-anchor="middle">b2</text>`,
      text: w.spy,
    });
  if (b.moves.length)
    entries.push({
      swatch: `<path d="M1 7H11" stroke="#000000" stroke-width="2" marker-end="url(#arrow)"/>`,
      text: w.move,
    });
  if (b.battles.length)
    entries.push({
      swatch: `<path d="M2 2L12 12M12 2L2 12" stroke="#b3001b" stroke-width="2.5" stroke-linecap="round"/>`,
      text: w.battle,
    });
  const ly = oy + bh + colLabelH + 10;
  entries.forEach((e, i) => {
    const y = ly + i * lineH;
    legend.push(
      `<g transform="translate(${ox} ${y})">${e.swatch}<text x="24" y="11.5" font-size="${lg}" fill="#1b1b1b">${esc(e.text)}</text></g>`,
    );
  });
  out.push(`<g font-family="DejaVu Sans, Arial, sans-serif">${legend.join('')}</g>`);

  const width = Math.ceil(
    Math.max(ox + bw + rowLabelW, ox + 24 + Math.max(...entries.map((e) => textWidth(e.text, lg))) + 8),
  );
  const height = Math.ceil(ly + entries.length * lineH + 4);
  const arrow = sq.head / 2;
  const defs = `<defs>
<pattern id="grid" width="${c}" height="${c}" patternUnits="userSpaceOnUse" x="${ox}" y="${oy}"><path d="M${c} 0H0V${c}" fill="none" stroke="#c8bfa6" stroke-width="1"/></pattern>
<pattern id="rock" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="6" height="6" fill="#5a5a5a"/><path d="M0 6L6 0M-1 1L1 -1M5 7L7 5" stroke="#a0a0a0" stroke-width="1.2"/></pattern>
<pattern id="stripes" width="6" height="6" patternUnits="userSpaceOnUse"><path d="M0 0L6 6M-1 5L1 7M5 -1L7 1" stroke="#ffffff" stroke-width="1.5" stroke-opacity="0.8"/></pattern>
<marker id="arrow" viewBox="0 0 10 10" refX="8" refY="5" markerUnits="userSpaceOnUse" markerWidth="${arrow * 2}" markerHeight="${arrow * 2}" orient="auto"><path d="M0 0L10 5L0 10z" fill="#000000" stroke="#ffffff" stroke-width="1"/></marker>
</defs>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<rect width="${width}" height="${height}" fill="#ffffff"/>
${defs}
${out.join('\n')}
</svg>
`;
  return { svg, width, height, alt: w.alt(b.turn), name: w.name(b.turn) };
}

/** Rules.picture: the map of a FanDi report model (none for a model without a board). */
export function picture(model: ReportModel, lang: Lang): Picture | null {
  const board = model.board as BoardModel | undefined;
  return board && board.width > 0 ? drawBoard(board, lang) : null;
}
