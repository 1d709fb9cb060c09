// The judge's one Fluent loader (src/render/fluent.ts): every kind's messages come
// through it — the {{t}} helper, FanDi's reasons, the Godfather's texts, the nation
// and rpg words, the GM's echoes — with the same fallbacks (the kind, then common,
// the language, then English) and the same JUDGE_TEMPLATES override.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import '../../src/engine/gm-inputs.js';
import { message as fandiMessage } from '../../src/games/fandi/messages.js';
import { tr } from '../../src/games/godfather/texts.js';
import { msg as nationMsg } from '../../src/games/nation/texts.js';
import { W } from '../../src/games/rpg/messages.js';
import { declaredWordIds, fluentBundle, formatMessage, messageFiles, ownMessageIds } from '../../src/render/fluent.js';
import { message } from '../../src/render/templates.js';
import { tempDir } from '../helpers.js';
import { messageProblems } from '../fluent-check.js';

afterEach(() => {
  delete process.env.JUDGE_TEMPLATES;
});

describe('one Fluent loader for every kind', () => {
  it('the kinds’ own files are templates/<kind>/<lang>/*.ftl, read with common’s and English as fallbacks', () => {
    // The weakest first: common's English, common's Czech, the kind's English, the kind's Czech (the kind before common, the language before English).
    const folders = [
      ...new Set(
        messageFiles('fandi', 'cs').map((f) => f.split(/[\\/]templates[\\/]/)[1]!.replace(/[\\/][^\\/]+$/, '')),
      ),
    ];
    expect(folders).toEqual(['common/en', 'common/cs', 'fandi/en', 'fandi/cs']);
    expect(messageFiles('fandi', 'cs').at(-1)).toMatch(/fandi[\\/]cs[\\/]fandi\.ftl$/);
    expect(ownMessageIds('fandi', 'cs').length).toBeGreaterThan(60);
    // The same bundle serves the kind's texts and the mail templates' {{t}}.
    expect(message('fandi', 'cs', 'ack-player', { gender: 'f' })).toBe('Hráčka:');
    expect(formatMessage('godfather', 'ru', 'st-dead', { gender: 'f' })).toBe(tr('ru', 'st-dead', { gender: 'f' }));
    expect(fluentBundle('nation', 'ru')).toBe(fluentBundle('nation', 'ru'));
  });

  it('every kind’s languages hold the same messages, and each formats without errors', () => {
    expect(messageProblems('fandi', ['cs', 'en'], [])).toEqual([]);
    expect(messageProblems('godfather', ['ru', 'en'], [])).toEqual([]);
    expect(messageProblems('common', ['en', 'cs', 'ru'], [...declaredWordIds('common'), 'gm-echo-not-a-roll'])).toEqual(
      [],
    );
    expect(declaredWordIds('common')).toContain('gm-echo-unknown-decision');
  });

  it('JUDGE_TEMPLATES overrides a message of any kind, the rest stays built in', () => {
    const root = tempDir();
    for (const [kind, lang, id, text] of [
      ['fandi', 'cs', 'fandi.ftl', 'unknown-order = tomu nerozumím, pane'],
      ['godfather', 'ru', 'godfather.ftl', 'st-dead = { $gender ->\n    [f] погибла\n   *[m] погиб\n}'],
      ['nation', 'ru', 'nation.ftl', 'nobody = ни одна душа'],
      ['rpg', 'ru', 'rpg.ftl', 'word-hit = есть пробитие'],
    ]) {
      mkdirSync(join(root, kind!, lang!), { recursive: true });
      writeFileSync(join(root, kind!, lang!, id!), `${text}\n`);
    }
    const before = {
      nobody: nationMsg('nobody', 'ru'),
      hit: W.hit.ru,
      dead: tr('ru', 'st-dead', { gender: 'f' }),
      fandi: fandiMessage('cs', 'unknown-order'),
    };
    process.env.JUDGE_TEMPLATES = root;
    expect(nationMsg('nobody', 'ru')).toBe('ни одна душа');
    expect(W.hit.ru).toBe('есть пробитие');
    expect(tr('ru', 'st-dead', { gender: 'f' })).toBe('погибла');
    expect(fandiMessage('cs', 'unknown-order')).toBe('tomu nerozumím, pane');
    // Messages the copy does not name come from the built-in files.
    expect(nationMsg('everybody', 'ru')).toBe('все');
    delete process.env.JUDGE_TEMPLATES;
    expect({
      nobody: nationMsg('nobody', 'ru'),
      hit: W.hit.ru,
      dead: tr('ru', 'st-dead', { gender: 'f' }),
      fandi: fandiMessage('cs', 'unknown-order'),
    }).toEqual(before);
    expect(before.fandi).toBe('nerozumím tomuto příkazu');
  });

  it('a message that exists nowhere shows its id and is reported', () => {
    const errors: Error[] = [];
    expect(formatMessage('rpg', 'cs', 'no-such-message', {}, errors)).toBe('no-such-message');
    expect(errors.map((e) => e.message)).toEqual(['no message no-such-message for rpg/cs']);
  });
});
