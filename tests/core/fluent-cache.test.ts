// Message files' parsed form kept in the package's cache (render/fluent.ts
// parsedResource, render/package-cache.ts): what a later command reads is
// what parsing the file gives; a kept file that is not one is parsed again and
// replaced; a cache that cannot be written is done without.
import { FluentBundle, FluentResource } from '@fluent/bundle';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtinTemplateDir, parsedResource } from '../../src/render/fluent.js';

const root = mkdtempSync(join(tmpdir(), 'judge-fluent-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const files = readdirSync(builtinTemplateDir, { recursive: true })
  .map(String)
  .filter((f) => f.endsWith('.ftl'))
  .map((f) => join(builtinTemplateDir, f));

function kept(): string[] {
  return readdirSync(join(root, 'fluent')).map((f) => join(root, 'fluent', f));
}

describe('parsed message files kept between commands', () => {
  it('every message file of the package: the kept form is the parsed one (attributes without a prototype too)', () => {
    expect(files.length).toBeGreaterThan(20);
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      const fresh = new FluentResource(text);
      const first = parsedResource(text, root);
      const again = parsedResource(text, root);
      expect(first.body, f).toStrictEqual(fresh.body);
      expect(again.body, f).toStrictEqual(fresh.body);
      expect(again).toBeInstanceOf(FluentResource);
    }
    expect(kept().filter((f) => f.endsWith('.json'))).toHaveLength(
      new Set(files.map((f) => readFileSync(f, 'utf8'))).size,
    );
  });

  it('a later reading uses what was kept; a kept file that is not a parsed one is parsed again and replaced', () => {
    const text = 'hello = Hello, { $name }!\nbye = Bye\n    .title = Leaving\n';
    const format = (r: FluentResource, id: string) => {
      const b = new FluentBundle('en', { useIsolating: false });
      b.addResource(r);
      const m = b.getMessage(id)!;
      return b.formatPattern(m.value!, { name: 'Ann' });
    };
    expect(format(parsedResource(text, root), 'hello')).toBe('Hello, Ann!');
    const file = kept().find((f) => readFileSync(f, 'utf8').includes('"hello"'))!;
    // What is kept is what is read: changed here, the change shows.
    writeFileSync(file, readFileSync(file, 'utf8').replace('Hello, ', 'Hi, '));
    expect(format(parsedResource(text, root), 'hello')).toBe('Hi, Ann!');
    // An attribute named like an Object method is still looked up as itself.
    expect(Object.getPrototypeOf(parsedResource(text, root).body[1]!.attributes)).toBeNull();
    for (const junk of ['', '{"not":"a body"}', '[{"no":"id"}]', '[{"id":"hello","value":"x"']) {
      writeFileSync(file, junk);
      expect(format(parsedResource(text, root), 'hello'), junk).toBe('Hello, Ann!');
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(JSON.parse(JSON.stringify(new FluentResource(text).body)));
    }
  });

  it('a cache folder that cannot be written: parsed every time, the same messages', () => {
    const blocked = mkdtempSync(join(tmpdir(), 'judge-fluent-ro-'));
    writeFileSync(join(blocked, 'fluent'), 'a file where the folder would be');
    const text = readFileSync(files[0]!, 'utf8');
    expect(parsedResource(text, blocked).body).toStrictEqual(new FluentResource(text).body);
    expect(readdirSync(blocked)).toEqual(['fluent']);
    rmSync(blocked, { recursive: true, force: true });
  });
});
