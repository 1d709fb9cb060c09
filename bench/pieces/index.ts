// Every benchmark piece, in the order bench/run.ts runs them. One import line per piece file.
import type { Piece } from '../piece.js';

export const pieces: Piece[] = [];
