// Sender authentication beyond the per-player password: a game may require
// that the mail be DKIM-signed by the From domain (aligned) or pass DMARC.
// The evidence is either the Authentication-Results header of the GM's own
// mail server (trusted only under its configured authserv-id; any other such
// header may be forged by the sender) or, without one, mailauth's own check
// of the DKIM signatures against DNS.
import dns from 'node:dns';
import type { GameAuth } from '../../engine/game-auth.js';

export interface AuthFacts {
  dkimAligned: boolean;
  dmarcPass: boolean;
  /** Where the facts come from, for the stored reason. */
  evidence: string;
}

export type DnsResolver = (name: string, rrtype: string) => Promise<string[] | string[][]>;

let resolver: DnsResolver = (name, rrtype) => dns.promises.resolve(name, rrtype) as Promise<string[] | string[][]>;

/** Tests (which must not reach real DNS) put their own resolver here. */
export function setDnsResolver(r: DnsResolver | null): void {
  resolver = r ?? ((name, rrtype) => dns.promises.resolve(name, rrtype) as Promise<string[] | string[][]>);
}

function aligned(signing: string, fromDomain: string): boolean {
  const d = signing.toLowerCase();
  return fromDomain === d || fromDomain.endsWith(`.${d}`) || d.endsWith(`.${fromDomain}`);
}

/**
 * The facts from the topmost Authentication-Results header whose authserv-id is
 * the trusted one (RFC 8601: the receiving server adds its own on top and removes
 * look-alikes), or null when there is none.
 */
export function factsFromAuthResults(values: string[], authservId: string, fromDomain: string): AuthFacts | null {
  const want = authservId.toLowerCase();
  for (const v of values) {
    const unfolded = v.replace(/\s+/g, ' ').trim();
    const id = unfolded.split(/[;\s]/)[0]?.toLowerCase();
    if (id !== want) continue;
    const results = unfolded
      .split(';')
      .slice(1)
      .map((r) => r.trim());
    let dkimAligned = false;
    let dmarcPass = false;
    for (const r of results) {
      const m = /^dkim\s*=\s*pass\b/i.exec(r);
      if (m) {
        const d = /header\.d\s*=\s*([^\s;]+)/i.exec(r)?.[1] ?? /header\.i\s*=\s*[^@\s;]*@([^\s;]+)/i.exec(r)?.[1];
        if (d && aligned(d, fromDomain)) dkimAligned = true;
      }
      if (/^dmarc\s*=\s*pass\b/i.test(r)) {
        const d = /header\.from\s*=\s*([^\s;]+)/i.exec(r)?.[1];
        if (!d || d.toLowerCase() === fromDomain) dmarcPass = true;
      }
    }
    return { dkimAligned, dmarcPass, evidence: `Authentication-Results of ${authservId}` };
  }
  return null;
}

/** Verify DKIM and DMARC of the raw message ourselves (mailauth, DNS through the resolver). */
export async function verifyMessage(raw: Buffer, fromDomain: string): Promise<AuthFacts> {
  // mailauth (and the HTTP client it brings) is loaded only when a game asks for DKIM or DMARC.
  const { dkimVerify, dmarc } = await import('mailauth');
  const dk = await dkimVerify(raw, { resolver } as Parameters<typeof dkimVerify>[1]);
  const passing = (dk.results ?? []).filter((r) => r.status?.result === 'pass');
  const dkimAligned = passing.some((r) => aligned(r.signingDomain, fromDomain));
  let dmarcPass = false;
  try {
    const dm = (await dmarc({
      headerFrom: dk.headerFrom,
      spfDomains: [],
      dkimDomains: passing.map((r) => ({
        id: r.id,
        domain: r.signingDomain,
        aligned: r.status.aligned,
        underSized: r.status.underSized,
      })),
      resolver,
    } as Parameters<typeof dmarc>[0])) as { status?: { result?: string } } | false;
    dmarcPass = !!dm && dm.status?.result === 'pass';
  } catch {
    dmarcPass = false;
  }
  return { dkimAligned, dmarcPass, evidence: 'DKIM/DMARC checked by the judge' };
}

/** Why the facts do not satisfy a game's requirements, or null when they do. */
export function authProblem(a: GameAuth, f: AuthFacts): string | null {
  if (a.dkim && !f.dkimAligned)
    return `this game requires a DKIM signature of your mail domain, and none was valid (${f.evidence})`;
  if (a.dmarc && !f.dmarcPass) return `this game requires your mail to pass DMARC, and it did not (${f.evidence})`;
  return null;
}

/**
 * Why a block for this game (a player's or the GM's: the GM is held to the
 * same requirement) fails the game's auth.dkim / auth.dmarc, or null.
 */
export function senderProblem(a: GameAuth, facts: AuthFacts | null): string | null {
  if (!a.dkim && !a.dmarc) return null;
  return facts ? authProblem(a, facts) : 'sender authentication could not be checked';
}

/**
 * The reason a block fails senderProblem, as the sender's answer says it in
 * his language (reason-sender-auth): a DKIM signature missing, DMARC failed,
 * or nothing to check by. The English detail is the stored reason's.
 */
export function senderCause(a: GameAuth, facts: AuthFacts | null): 'dkim' | 'dmarc' | 'unchecked' {
  if (!facts) return 'unchecked';
  return a.dkim && !facts.dkimAligned ? 'dkim' : 'dmarc';
}
