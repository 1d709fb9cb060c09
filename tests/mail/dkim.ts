// DKIM for tests without real DNS: a key pair of this process, a resolver
// that answers only the records a test gives (setDnsResolver), and mail
// signed with the key for a domain.
import { generateKeyPairSync } from 'node:crypto';
import { dkimSign } from 'mailauth';
import { setDnsResolver } from '../../src/mail/inbound/auth.js';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
/** The public key as a DKIM TXT record's p= (selector "sel"). */
export const dkimPublicKey = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');

/** Only these TXT records exist (by lower-case name); every other lookup fails as ENOTFOUND. */
export function fakeDns(records: Record<string, string>): void {
  setDnsResolver(async (name, rrtype) => {
    const v = rrtype === 'TXT' ? records[name.toLowerCase()] : undefined;
    if (v === undefined) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
    return [[v]];
  });
}

/** The DKIM key record of a domain for the selector "sel". */
export function dkimRecord(domain: string): Record<string, string> {
  return { [`sel._domainkey.${domain}`]: `v=DKIM1; k=rsa; p=${dkimPublicKey}` };
}

/** The mail signed (DKIM, selector "sel") for a domain. */
export async function signed(raw: Buffer, domain: string): Promise<Buffer> {
  const r = await dkimSign(raw, {
    signatureData: [{ signingDomain: domain, selector: 'sel', privateKey: pem }],
  } as never);
  return Buffer.concat([Buffer.from(r.signatures), raw]);
}
