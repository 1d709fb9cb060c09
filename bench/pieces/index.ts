// Every benchmark piece, in the order bench/run.ts runs them. One import line per piece file.
import type { Piece } from '../piece.js';
import fandi from './fandi.js';
import godfather from './godfather.js';
import ingest from './ingest.js';
import send from './send.js';
import startup from './startup.js';

export const pieces: Piece[] = [fandi, godfather, ...ingest, ...send, ...startup];
