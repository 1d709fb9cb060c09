// Sorting SMTP errors by what they say about the mail (smtp-errors.ts), with
// errors shaped as nodemailer makes them (code, command, responseCode,
// originalCode): the judge's setup stops the send with a line naming the
// setting; only an answer about the message fails it.
import { describe, expect, it } from 'vitest';
import { classifySmtpError, smtpSetup, type SmtpError } from '../../src/mail/outbound/smtp-errors.js';
import { configSchema } from '../../src/config.js';

const transport = configSchema().parse({
  transport: { type: 'smtp', host: 'smtp.example.org', user: 'judge@example.org' },
}).transport as Extract<ReturnType<ReturnType<typeof configSchema>['parse']>['transport'], { type: 'smtp' }>;
const setup = smtpSetup(transport, 'bounces@example.org');

function err(message: string, fields: Partial<SmtpError>): SmtpError {
  return Object.assign(new Error(message), fields);
}
const sort = (e: SmtpError, accepted = false) => classifySmtpError(e, accepted, setup);

describe('SMTP errors: the setup or the message', () => {
  it('the setup: login, TLS, name, connection, the envelope sender, no relaying', () => {
    const cases: [SmtpError, RegExp][] = [
      [
        err('Invalid login: 535 5.7.8 Error', { code: 'EAUTH', command: 'AUTH PLAIN', responseCode: 535 }),
        /refused the login of judge@example\.org .*check transport\.user and the password in \$JUDGE_SMTP_PASSWORD/,
      ],
      [
        err('Invalid login: 534 5.7.9 Please log in with TLS', {
          code: 'EAUTH',
          command: 'AUTH LOGIN',
          responseCode: 534,
        }),
        /refuses the login of judge@example\.org on this connection .*use TLS: transport\.secure: true \(port 465\) or transport\.starttls: true/,
      ],
      [
        err('Error upgrading connection with STARTTLS: 454 4.7.0 TLS not available', {
          code: 'ETLS',
          command: 'STARTTLS',
          responseCode: 454,
        }),
        /smtp\.example\.org:587 does not offer STARTTLS .*transport\.secure: true.*transport\.starttls: false/,
      ],
      [
        err('certificate has expired', { code: 'ESOCKET', command: 'CONN', originalCode: 'CERT_HAS_EXPIRED' }),
        /certificate .* not accepted .*transport\.rejectUnauthorized/,
      ],
      [
        err('getaddrinfo ENOTFOUND smtp.example.org', { code: 'EDNS', command: 'CONN', originalCode: 'ENOTFOUND' }),
        /the name of the SMTP server smtp\.example\.org does not resolve \(ENOTFOUND\): check transport\.host/,
      ],
      [
        err('connect EHOSTUNREACH', { code: 'ESOCKET', command: 'CONN', originalCode: 'EHOSTUNREACH' }),
        /cannot reach the SMTP server smtp\.example\.org:587 \(EHOSTUNREACH\)/,
      ],
      [
        err('Connection timeout', { code: 'ETIMEDOUT', command: 'CONN' }),
        /cannot reach the SMTP server .*check transport\.host and transport\.port/,
      ],
      [
        err('Invalid greeting. response=554 no SMTP service here', {
          code: 'EPROTOCOL',
          command: 'CONN',
          responseCode: 554,
        }),
        /did not answer as an SMTP server should/,
      ],
      [
        err('Mail command failed: 553 5.7.1 Sender address rejected: not owned by user', {
          code: 'EENVELOPE',
          command: 'MAIL FROM',
          responseCode: 553,
        }),
        /refused the judge's envelope sender bounces@example\.org .*check judge\.bounceAddress/,
      ],
      [
        err("Can't send mail - all recipients were rejected: 554 5.7.1 Relay access denied", {
          code: 'EENVELOPE',
          command: 'RCPT TO',
          responseCode: 554,
        }),
        /will not relay the judge's mail .*transport\.user/,
      ],
    ];
    for (const [e, line] of cases) {
      const o = sort(e);
      expect(o.kind, e.message).toBe('blocked');
      expect(o.kind === 'blocked' && o.fix, e.message).toMatch(line);
    }
  });

  it('the message: a 5xx to RCPT TO or to its data fails it, a 4xx is retried, a size refused at MAIL FROM fails it', () => {
    expect(
      sort(
        err("Can't send mail - all recipients were rejected: 550 5.1.1 no such user", {
          code: 'EENVELOPE',
          command: 'RCPT TO',
          responseCode: 550,
        }),
      ).kind,
    ).toBe('failed');
    expect(
      sort(err('Message failed: 554 5.7.1 spam', { code: 'EMESSAGE', command: 'DATA', responseCode: 554 }), true).kind,
    ).toBe('failed');
    expect(
      sort(
        err('Mail command failed: 552 5.3.4 too big', { code: 'EENVELOPE', command: 'MAIL FROM', responseCode: 552 }),
      ).kind,
    ).toBe('failed');
    expect(sort(err('Message size larger than allowed 1000', { code: 'EMESSAGE', command: 'MAIL FROM' })).kind).toBe(
      'failed',
    );
    expect(sort(err('No recipients defined', { code: 'EENVELOPE', command: 'API' })).kind).toBe('failed');
    expect(
      sort(err("Can't send mail: 450 4.2.0 greylisted", { code: 'EENVELOPE', command: 'RCPT TO', responseCode: 450 }))
        .kind,
    ).toBe('retry');
    expect(
      sort(err('Message failed: 451 later', { code: 'EMESSAGE', command: 'DATA', responseCode: 451 }), true).kind,
    ).toBe('retry');
  });

  it('the data sent and no answer: ambiguous, whatever broke', () => {
    for (const e of [
      err('Connection closed unexpectedly', { code: 'ECONNECTION', command: 'CONN' }),
      err('Timeout', { code: 'ETIMEDOUT', command: 'CONN' }),
      err('read ECONNRESET', { code: 'ESOCKET', command: 'CONN', originalCode: 'ECONNRESET' }),
    ])
      expect(sort(e, true).kind).toBe('ambiguous');
  });
});
