// `judge check`'s look at the IMAP mailbox: log in with the configured
// credentials and TLS, see that the mailbox is there, and that the
// processedFolder is there or can be made (it is made, as the first run would
// make it). Nothing is read, stored or moved. Every step is bounded in time: a
// server that never answers is reported, not waited for.
import type { ImapFlow } from 'imapflow';
import { imapClient, imapError, type ImapConfig } from './imap.js';
import { connectionHints, plainError, tlsMode, within, type Probe } from '../probe.js';

export async function probeImap(c: ImapConfig, limitMs: number): Promise<Probe> {
  const port = c.port ?? (c.secure ? 993 : 143);
  const where = `${c.user}@${c.host}:${port} (${tlsMode(c)})`;
  const hintsFor = (e: unknown) => connectionHints('imap', { ...c, port }, e);
  let client: ImapFlow;
  try {
    // The library's own timeouts no longer than the check's, and the whole step bounded too.
    client = imapClient({ ...c, timeoutSeconds: Math.min(c.timeoutSeconds, limitMs / 1000) });
  } catch (e) {
    return { ok: false, text: `IMAP ${where}: ${(e as Error).message}`, hints: [] };
  }
  let socketError: unknown = null;
  client.on('error', (e: Error) => {
    socketError = e;
  });
  try {
    await within(client.connect(), limitMs, 'to the login');
  } catch (e) {
    client.close();
    const err = plainError(socketError ?? e);
    return { ok: false, text: imapError(err, c, 'connecting or logging in').message, hints: hintsFor(err) };
  }
  try {
    const boxes = await within(client.list(), limitMs, 'to LIST');
    const has = (path: string) => boxes.some((m) => m.path.toLowerCase() === path.toLowerCase());
    const found: string[] = [`IMAP ${where}: logged in`];
    let ok = true;
    const hints: string[] = [];
    if (!has(c.mailbox)) {
      ok = false;
      found.push(`imap.mailbox "${c.mailbox}" does not exist`);
    } else {
      const st = await within(client.status(c.mailbox, { messages: true }), limitMs, 'to STATUS');
      found.push(`${c.mailbox} holds ${st ? (st.messages ?? 0) : 0} message(s)`);
    }
    if (has(c.processedFolder)) found.push(`${c.processedFolder} is there`);
    else {
      try {
        await within(client.mailboxCreate(c.processedFolder), limitMs, 'to CREATE');
        found.push(`${c.processedFolder} was missing and is now made`);
      } catch (e) {
        ok = false;
        const said = (e as { responseText?: string }).responseText ?? (e as Error).message;
        found.push(`imap.processedFolder "${c.processedFolder}" is missing and cannot be made: ${said}`);
        hints.push('choose another imap.processedFolder, or make the folder in a mail client');
      }
    }
    await within(client.logout(), limitMs, 'to LOGOUT').catch(() => client.close());
    return { ok, text: found.join('; '), hints };
  } catch (e) {
    client.close();
    const err = plainError(socketError ?? e);
    return { ok: false, text: imapError(err, c, 'reading the mailbox list').message, hints: hintsFor(err) };
  }
}
