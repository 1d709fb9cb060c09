// Tests run TypeScript directly; tests/setup.ts loads every game kind first
// (the CLI loads only the kinds a command needs: src/games/registry.ts).
import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { setupFiles: ['tests/setup.ts'] } });
