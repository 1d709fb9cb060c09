// The registry of game kinds: adding a kind is one line here. The engine runs
// kinds by name (src/engine/kinds.ts) and never imports a game; importing this
// module hands it their loaders. The application layer (the CLI, intake's
// worker thread, the web server, the tests' setup) imports it.
import { provideKinds } from '../engine/kinds.js';

provideKinds({
  rpg: async () => (await import('./rpg/index.js')).rules,
  fandi: async () => (await import('./fandi/index.js')).rules,
  godfather: async () => (await import('./godfather/index.js')).rules,
  nation: async () => (await import('./nation/index.js')).rules,
});

export { getRules, knownKinds, loadRules, registerRules, unregisterRules } from '../engine/kinds.js';
