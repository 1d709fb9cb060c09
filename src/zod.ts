// zod for the whole program, set up once before any schema is built: the judge
// parses each configuration and setup only a few times per run, so zod's
// compiled fast path (a `new Function` per object schema on its first parse)
// costs more at start-up than it ever saves.
import { config } from 'zod';

config({ jitless: true });

export * from 'zod';
