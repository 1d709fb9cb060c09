// Before every test file: the code of every game kind, so tests may call the
// engine directly (the CLI loads the kinds a command needs: src/cli/index.ts).
import { loadRules } from '../src/games/registry.js';

await loadRules();
