// The acknowledgement of a FanDi order mail names the turn once ("Tah: 1", not "Kolo: 1, tah 1").
// templates/fandi/<lang>/ack.hbs is the common one with that header line changed; this keeps them in step.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createGame } from '../../src/engine/pipeline.js';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { mail, testJudge } from '../helpers.js';

const HEADER: Record<string, [string, string]> = {
  cs: ['Kolo:   {{phase.number}}, {{phase.label}}', 'Tah:    {{phase.number}}'],
  en: ['Phase:  {{phase.number}}, {{phase.label}}', 'Turn:   {{phase.number}}'],
};

describe('FanDi acknowledgement', () => {
  it.each(['cs', 'en'])('templates/fandi/%s/ack.hbs is the common template with one header line changed', (lang) => {
    const common = readFileSync(`templates/common/${lang}/ack.hbs`, 'utf8');
    const mine = readFileSync(`templates/fandi/${lang}/ack.hbs`, 'utf8').replace(/\{\{!--[\s\S]*?--\}\}\n?$/, '');
    const [from, to] = HEADER[lang]!;
    expect(common, 'the common header changed: update templates/fandi/*/ack.hbs').toContain(from);
    // When the common template changes, regenerate the copy:
    //   sed 's/^Kolo:   {{phase.number}}, {{phase.label}}/Tah:    {{phase.number}}/' templates/common/cs/ack.hbs > templates/fandi/cs/ack.hbs
    //   sed 's/^Phase:  {{phase.number}}, {{phase.label}}/Turn:   {{phase.number}}/' templates/common/en/ack.hbs > templates/fandi/en/ack.hbs
    // (and append the {{!-- … --}} note line).
    expect(mine, `templates/fandi/${lang}/ack.hbs is out of step with templates/common/${lang}/ack.hbs: regenerate it (see this test)`).toBe(common.replace(from, to));
  });

  it('says "Tah: 1" once, in a real acknowledgement', async () => {
    const j = testJudge();
    const setup = JSON.parse(readFileSync('games/fandi/setups/default.json', 'utf8'));
    createGame(j, { id: 'a', kind: 'fandi', seed: '1', actor: 'test', setup: { ...setup, gm: { email: 'gm@example.cz' }, seats: [{ id: 'alfa', name: 'Alfa', email: 'alfa@example.cz', password: 'pw-alfa', lang: 'cs' }, { id: 'brana', name: 'Brana', email: 'brana@example.org', password: 'pw-brana', lang: 'en' }] } });
    await ingest(j, await mail('alfa@example.cz', 'HRA a alfa pw-alfa\nB2 hradby 5\nKONEC'), 't');
    await ingest(j, await mail('brana@example.org', 'GAME a brana pw-brana\nI2 walls 5\nEND'), 't');
    const acks = j.db.prepare("SELECT subject, body FROM outbox WHERE kind = 'ack' ORDER BY id").all() as { subject: string; body: string }[];
    expect(acks[0]!.body).toMatch(/^Tah: +1$/m);
    expect(acks[0]!.body).not.toMatch(/Kolo|tah 1/);
    expect(acks[0]!.subject).toContain('tah 1');
    expect(acks[1]!.body).toMatch(/^Turn: +1$/m);
    expect(acks[1]!.body).not.toMatch(/^Phase:/m);
  });
});
