// The dice game's start and final mails (issue 30): each player's start shows his
// own character sheet and no other's; the final mail reveals the game's seed and
// every key with the whole dice log, the same for every reader.
import { describe, expect, it } from 'vitest';
import { readSetupFile } from '../../src/engine/setup-file.js';
import { startAndFinal } from '../life/start-final.js';

describe('rpg start and final mails', () => {
  it("a start shows the reader's own sheet only; the final mail the revealed dice log", () => {
    const sf = startAndFinal('rpg', readSetupFile('games/rpg/setups/krepost.yaml'), 1);
    const own: Record<string, string[]> = { irina: ['взлом', 'отмычки'], oleg: ['парирование', 'кольчуга'] };
    for (const p of sf.players)
      for (const [who, words] of Object.entries(own))
        for (const w of words)
          if (who === p.id) expect(sf.starts.get(p.id), `${p.id}: ${w}`).toContain(w);
          else expect(sf.starts.get(p.id), `${p.id} sees ${who}'s ${w}`).not.toContain(w);
    const bodies = [...sf.finals.values()];
    for (const b of bodies) {
      expect(b).toMatch(/#dice-master \{"commitment":"[0-9a-f]{64}",.*"seed":"[^"]+"\}/);
      expect(b).toMatch(/#dice-key \{/);
    }
  });
});
