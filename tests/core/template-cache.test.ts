// Templates kept between commands (render/compiled.ts): the precompiled form
// and V8's code cache of it, in the package's cache. What a later command runs
// renders what Handlebars' own compile renders; a code cache V8 rejects is
// replaced; one already good is not rewritten; a cache that cannot be written
// is done without.
import Handlebars from 'handlebars';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileTemplate, Handlebars as runtime } from '../../src/render/compiled.js';

const root = mkdtempSync(join(tmpdir(), 'judge-template-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const hb = runtime.create();
hb.registerHelper('shout', (s: unknown) => String(s).toUpperCase());
const full = Handlebars.create();
full.registerHelper('shout', (s: unknown) => String(s).toUpperCase());

const SOURCES = [
  'Hello {{name}}!',
  '{{#each players}}{{@index}}. {{shout name}}{{#if ../gm}} ({{role}}){{/if}}\n{{else}}nobody{{/each}}',
  '{{#with vote}}{{#if closed}}closed: {{prisoner}}{{else}}open{{/if}}{{/with}} <{{{raw}}}> <{{raw}}>',
];
const DATA = {
  name: 'Anna',
  gm: true,
  players: [
    { name: 'Boris', role: 'don' },
    { name: 'Věra', role: 'cop' },
  ],
  vote: { closed: true, prisoner: 'Ivan' },
  raw: '<b>&</b>',
};

function files(ext: string): string[] {
  return readdirSync(join(root, 'templates'))
    .filter((f) => f.endsWith(ext))
    .map((f) => join(root, 'templates', f));
}

describe('templates kept between commands', () => {
  it('renders what Handlebars compiles, from the kept form and its code cache, escaping on or off', () => {
    for (const options of [{ noEscape: true, strict: false }, { strict: false }]) {
      for (const source of SOURCES) {
        const expected = full.compile(source, { ...options })(DATA);
        // First: precompiled and kept; its code cache written once it has run.
        expect(compileTemplate(hb, source, options, root)(DATA)).toBe(expected);
        // Later commands: from the kept form and the code cache.
        expect(compileTemplate(hb, source, options, root)(DATA)).toBe(expected);
        expect(compileTemplate(hb, source, options, root)({ ...DATA, players: [], gm: false })).toBe(
          full.compile(source, { ...options })({ ...DATA, players: [], gm: false }),
        );
      }
    }
    expect(files('.js')).toHaveLength(SOURCES.length * 2);
    expect(files('.v8')).toHaveLength(SOURCES.length * 2);
    for (const f of files('.v8')) expect(statSync(f).size).toBeGreaterThan(100);
  });

  it('a code cache V8 rejects is replaced; a good one is not rewritten (each command a fresh process)', () => {
    // A process of its own each time: V8 keeps what it compiled in the process and would not read the cache again.
    const dir = mkdtempSync(join(tmpdir(), 'judge-template-v8-'));
    const source = SOURCES[1]!;
    const script = `
      import { compileTemplate, Handlebars } from ${JSON.stringify(join(import.meta.dirname, '../../src/render/compiled.ts'))};
      const hb = Handlebars.create();
      hb.registerHelper('shout', (s) => String(s).toUpperCase());
      process.stdout.write(compileTemplate(hb, ${JSON.stringify(source)}, { noEscape: true, strict: false }, ${JSON.stringify(dir)})(${JSON.stringify(DATA)}));`;
    const command = () => {
      const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        encoding: 'utf8',
      });
      expect(r.status, r.stderr).toBe(0);
      return r.stdout;
    };
    const expected = full.compile(source, { noEscape: true, strict: false })(DATA);
    expect(command()).toBe(expected);
    const [v8] = readdirSync(join(dir, 'templates'))
      .filter((f) => f.endsWith('.v8'))
      .map((f) => join(dir, 'templates', f));
    const good = readFileSync(v8!);
    expect(good.length).toBeGreaterThan(100);
    expect(command()).toBe(expected);
    expect(readFileSync(v8!).equals(good)).toBe(true);
    writeFileSync(v8!, Buffer.alloc(64, 7));
    expect(command()).toBe(expected);
    expect(readFileSync(v8!).length).toBeGreaterThan(100);
    rmSync(dir, { recursive: true, force: true });
  });

  it('a kept template that is not one (cut short, garbage, not a template object) is precompiled again and replaced', () => {
    const dir = mkdtempSync(join(tmpdir(), 'judge-template-junk-'));
    const source = SOURCES[2]!;
    const expected = full.compile(source, { strict: false })(DATA);
    expect(compileTemplate(hb, source, { strict: false }, dir)(DATA)).toBe(expected);
    const [js] = readdirSync(join(dir, 'templates'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => join(dir, 'templates', f));
    const good = readFileSync(js!, 'utf8');
    for (const junk of [good.slice(0, good.length >> 1), 'not javascript (', '{"compiler": 1}', '']) {
      writeFileSync(js!, junk);
      expect(compileTemplate(hb, source, { strict: false }, dir)(DATA), junk).toBe(expected);
      expect(readFileSync(js!, 'utf8')).toBe(good);
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('a cache folder that cannot be written: compiled every time, the same output', () => {
    const blocked = mkdtempSync(join(tmpdir(), 'judge-template-ro-'));
    writeFileSync(join(blocked, 'templates'), 'a file where the folder would be');
    for (const source of SOURCES)
      expect(compileTemplate(hb, source, { strict: false }, blocked)(DATA)).toBe(
        full.compile(source, { strict: false })(DATA),
      );
    expect(readdirSync(blocked)).toEqual(['templates']);
    rmSync(blocked, { recursive: true, force: true });
  });
});
