// A public message is the same mail for every reader of one language: rendered
// once per language (relay.ts), unless the template greets the reader by name
// (templateMentions: a GM's override may), when each reader gets their own.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGame } from '../../src/engine/create-game.js';
import { ingest } from '../../src/mail/inbound/ingest.js';
import * as templates from '../../src/render/templates.js';
import { listOutbox } from '../../src/store/outbox.js';
import { mail, testJudge } from '../helpers.js';

vi.mock('../../src/render/templates.js', async (original) => {
  const m = await original<typeof templates>();
  return { ...m, render: vi.fn(m.render) };
});

const ROLES = [
  'aristocrat',
  'jesuit',
  'commander',
  'privateer',
  'planter',
  'buccaneer',
  'innkeeper',
  'shipwright',
  'usurer',
  'asiento',
  'scholar',
  'indian',
  'courtier',
];

function mafia() {
  const j = testJudge();
  const base = parse(readFileSync('games/godfather/setups/default.yaml', 'utf8'));
  // Two readers in English, the rest in Russian.
  const seats = base.seats.map((s: { id: string }, i: number) => ({
    ...s,
    password: `${s.id}-pw`,
    lang: i === 3 || i === 5 ? 'en' : 'ru',
  }));
  createGame(j, { id: 'mafia', kind: 'godfather', setup: { ...base, seats, roles: ROLES }, seed: '11', actor: 'test' });
  return { j, seats: seats as { id: string; email: string; lang: string; name: string }[] };
}

/** The notices of the public message, by reader. */
function publicNotices(j: ReturnType<typeof testJudge>) {
  return listOutbox(j.db).filter((r) => r.kind === 'notice' && r.dedupe_key.startsWith('msg:'));
}

afterEach(() => {
  delete process.env.JUDGE_TEMPLATES;
});

describe('public messages', () => {
  it('are rendered once per language and go to every other player, each in their language', async () => {
    const { j, seats } = mafia();
    const render = vi.mocked(templates.render);
    render.mockClear();
    const me = seats[0]!;
    await ingest(j, await mail(me.email, `ИГРА mafia ${me.id} ${me.id}-pw\nВСЕМ: Доброе утро, господа!\nКОНЕЦ`), 't');
    const notices = publicNotices(j);
    expect(notices).toHaveLength(seats.length - 1);
    expect(
      render.mock.calls
        .filter((c) => c[2] === 'message-public')
        .map((c) => c[1])
        .sort(),
    ).toEqual(['en', 'ru']);
    for (const s of seats.slice(1)) {
      const n = notices.find((r) => JSON.parse(r.to_addrs)[0] === s.email)!;
      expect(n.body).toContain('Доброе утро, господа!');
      expect(n.body).toMatch(s.lang === 'en' ? /^Public thread of/ : /^Общая тема игры/);
    }
    expect(templates.templateMentions('common', 'ru', 'message-public', 'to')).toBe(false);
    expect(templates.templateMentions('common', 'en', 'message-private', 'to')).toBe(true);
  });

  it("are rendered for each reader when the GM's template greets the reader", async () => {
    const root = mkdtempSync(join(tmpdir(), 'judge-tpl-'));
    for (const lang of ['en', 'ru']) {
      mkdirSync(join(root, 'common', lang), { recursive: true });
      writeFileSync(
        join(root, 'common', lang, 'message-public.hbs'),
        'Subject: [{{game.id}}] {{from.name}}\n\nDear {{ to.name }},\n\n{{text}}\n',
      );
    }
    process.env.JUDGE_TEMPLATES = root;
    expect(templates.templateMentions('common', 'ru', 'message-public', 'to')).toBe(true);
    const { j, seats } = mafia();
    const me = seats[0]!;
    await ingest(j, await mail(me.email, `ИГРА mafia ${me.id} ${me.id}-pw\nВСЕМ: Доброе утро!\nКОНЕЦ`), 't');
    const notices = publicNotices(j);
    expect(notices).toHaveLength(seats.length - 1);
    for (const s of seats.slice(1))
      expect(notices.find((r) => JSON.parse(r.to_addrs)[0] === s.email)!.body).toContain(`Dear ${s.name},`);
  });
});
