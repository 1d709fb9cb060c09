// The store's durability settings: WAL, and commits synced before the step that depends on them.
import { describe, expect, it } from 'vitest';
import { openJudge } from '../../src/context.js';
import { tempDir } from '../helpers.js';

describe('the store', () => {
  it('is in WAL mode with synchronous = FULL (2), foreign keys on and a busy timeout', () => {
    const j = openJudge({ data: tempDir() });
    expect(j.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(j.db.pragma('synchronous', { simple: true })).toBe(2);
    expect(j.db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(Number(j.db.pragma('busy_timeout', { simple: true }))).toBeGreaterThan(0);
  });
});
