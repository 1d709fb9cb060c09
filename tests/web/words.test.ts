// The words of the web pages (templates/common/<lang>/web.ftl): every message the
// pages use is there in every language, and the Czech and Russian pages have no English word.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { knownKinds } from '../../src/games/registry.js';
import { formatMessage, ownMessageIds } from '../../src/render/fluent.js';
import { messageProblems } from '../fluent-check.js';

const source = readFileSync(new URL('../../src/web/pages.ts', import.meta.url), 'utf8');
const used = [
  ...[...source.matchAll(/\bt\(lang, '([a-z-]+)'/g)].map((m) => `web-${m[1]}`),
  ...['active', 'paused', 'over'].map((s) => `web-status-${s}`),
  ...knownKinds().map((k) => `web-kind-${k}`),
];

describe('the web pages in en, cs and ru', () => {
  it('every message the pages use is in every language, and formats', () => {
    expect(used.length).toBeGreaterThan(20);
    const problems = messageProblems('common', ['en', 'cs', 'ru'], used).filter((p) => p.includes('web-'));
    expect(problems).toEqual([]);
  });

  it('Czech and Russian pages have no English words', () => {
    for (const lang of ['cs', 'ru'] as const) {
      const ids = ownMessageIds('common', lang).filter((id) => id.startsWith('web-'));
      expect(ids.length).toBeGreaterThan(20);
      for (const id of ids) {
        const text = formatMessage('common', lang, id, { name: 'Jan' }).replace(/\bFanDi\b|\bJan\b/g, '');
        expect(text, `${lang} ${id}`).not.toMatch(
          lang === 'ru'
            ? /[A-Za-z]/
            : /\b(the|your|page|game|games|orders|map|report|reports|deadline|nobody|kind|status)\b/i,
        );
      }
    }
  });
});
