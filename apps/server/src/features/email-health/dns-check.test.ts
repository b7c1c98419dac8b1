import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startDnsServer,
  startSilentDnsServer,
  unusedUdpAddress,
  type ZoneEntry,
} from '../../../test/dns-server';
import { checkDomainDns } from './dns-check';

const KEY = 'MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC1TaNgLlSyQMNWVLNLvyY';
const SPF = 'v=spf1 include:_spf.mail.example -all';

/** A domain with SPF, a DKIM key at `default`, DMARC and its own return path, as `overrides` change it. */
function domainZone(domain: string, overrides: { dmarc?: string[]; dkim?: ZoneEntry } = {}) {
  return {
    [domain]: { txt: ['google-site-verification=abc', SPF], mx: [`mx.${domain}`] },
    [`default._domainkey.${domain}`]: overrides.dkim ?? { txt: [`v=DKIM1; k=rsa; p=${KEY}`] },
    [`_dmarc.${domain}`]: { txt: overrides.dmarc ?? ['v=DMARC1; p=reject; rua=mailto:dmarc@example.com'] },
  };
}

const zone: Record<string, ZoneEntry> = {
  ...domainZone('pass.example'),
  ...domainZone('monitor.example', { dmarc: ['v=DMARC1; p=none'] }),
  ...domainZone('nopolicy.example', { dmarc: ['v=DMARC1; rua=mailto:d@example.com'] }),
  ...domainZone('revoked.example', { dkim: { txt: ['v=DKIM1; k=rsa; p='] } }),
  // A DKIM key too long for one TXT string is published as several, read as one.
  'split.example': { txt: ['v=spf1 -all'] },
  's1._domainkey.split.example': { txt: [['v=DKIM1; k=rsa; p=', KEY.slice(0, 20), KEY.slice(20)]] },
  '_dmarc.split.example': { txt: ['v=DMARC1; p=quarantine'] },
  'dkim-only.example': { txt: ['some other record'], mx: ['mx.dkim-only.example'] },
  'default._domainkey.dkim-only.example': { txt: [`v=DKIM1; p=${KEY}`] },
  '_dmarc.dkim-only.example': { txt: ['v=DMARC1; p=reject'] },
  'two-spf.example': { txt: [SPF, 'v=spf1 -all'] },
  'empty.example': { txt: [] },
  'bounces.pass.example': { mx: ['feedback.mail.example'] },
  'bounces-spf.pass.example': { txt: ['v=spf1 include:amazonses.com ~all'] },
  'broken.example': { servfail: true },
};

let dns: Awaited<ReturnType<typeof startDnsServer>>;

beforeAll(async () => {
  dns = await startDnsServer(zone);
});

afterAll(async () => {
  await dns.close();
});

const check = (domain: string, extra: { dkimSelector?: string; returnPathDomain?: string } = {}) =>
  checkDomainDns({ domain, dkimSelector: 'default', resolver: dns.address, ...extra });

describe('checkDomainDns', () => {
  it('passes a domain with SPF, a DKIM key, DMARC p=reject and a return path, with the spec fields', async () => {
    const result = await check('pass.example');
    expect(result).toEqual({
      name: 'Domain & DNS',
      status: 'PASS',
      summary: 'SPF, DKIM and DMARC are published for pass.example; DMARC policy is reject.',
      details: {
        domain: 'pass.example',
        dkim_selector: 'default',
        return_path_domain: 'pass.example',
        resolver: dns.address,
        spf_verified: true,
        dkim_verified: true,
        return_path_verified: true,
        dmarc_present: true,
        status: 'verified',
        dmarc_policy: 'reject',
        spf_record: SPF,
        dmarc_record: 'v=DMARC1; p=reject; rua=mailto:dmarc@example.com',
      },
    });
  });

  it('warns when the DMARC policy is none, or missing from the record', async () => {
    const monitor = await check('monitor.example');
    expect(monitor.status).toBe('WARN');
    expect(monitor.details).toMatchObject({
      dmarc_present: true,
      dmarc_policy: 'none',
      status: 'partially_verified',
    });
    expect(monitor.summary).toBe(
      'DMARC policy of monitor.example is none, so receivers take no action on mail that fails SPF and DKIM.',
    );
    const noPolicy = await check('nopolicy.example');
    expect(noPolicy.status).toBe('WARN');
    expect(noPolicy.details).toMatchObject({ dmarc_present: true, dmarc_policy: null });
  });

  it('fails a domain that does not exist, and one with neither SPF nor DKIM', async () => {
    for (const domain of ['nowhere.example', 'empty.example']) {
      const result = await check(domain);
      expect(result.status, domain).toBe('FAIL');
      expect(result.details, domain).toMatchObject({
        spf_verified: false,
        dkim_verified: false,
        dmarc_present: false,
        return_path_verified: false,
        status: 'failed',
        spf_record: null,
        dmarc_record: null,
      });
      expect(result.summary).toBe(
        `No SPF record at ${domain} and no DKIM key at default._domainkey.${domain}: receivers cannot authenticate mail from ${domain}; no DMARC record at _dmarc.${domain}; the return path domain ${domain} has neither an SPF record nor an MX record.`,
      );
    }
  });

  it('warns when one of SPF and DKIM is missing, a DKIM key was revoked, or SPF is published twice', async () => {
    const dkimOnly = await check('dkim-only.example');
    expect(dkimOnly.status).toBe('WARN');
    expect(dkimOnly.details).toMatchObject({
      spf_verified: false,
      dkim_verified: true,
      return_path_verified: true,
    });

    const revoked = await check('revoked.example');
    expect(revoked.status).toBe('WARN');
    expect(revoked.details).toMatchObject({ spf_verified: true, dkim_verified: false });
    expect(revoked.summary).toBe('No DKIM key at default._domainkey.revoked.example.');

    const twoSpf = await check('two-spf.example', { returnPathDomain: 'bounces.pass.example' });
    expect(twoSpf.details).toMatchObject({ spf_verified: false, spf_record: null });
    expect(twoSpf.summary).toMatch(/^2 SPF records at two-spf\.example, so receivers ignore them all/);
  });

  it('reads a DKIM key split into several strings at the configured selector', async () => {
    const result = await check('split.example', { dkimSelector: 's1' });
    expect(result.details).toMatchObject({
      dkim_selector: 's1',
      dkim_verified: true,
      dmarc_policy: 'quarantine',
    });
    // The domain has no MX, but its SPF record makes the return path verified.
    expect(result.status).toBe('PASS');
    expect((await check('split.example')).details).toMatchObject({ dkim_verified: false });
  });

  it('verifies a separate return path domain by its MX or its SPF record', async () => {
    for (const returnPathDomain of ['bounces.pass.example', 'bounces-spf.pass.example']) {
      const result = await check('pass.example', { returnPathDomain });
      expect(result.status, returnPathDomain).toBe('PASS');
      expect(result.details).toMatchObject({
        return_path_domain: returnPathDomain,
        return_path_verified: true,
      });
    }
    const missing = await check('pass.example', { returnPathDomain: 'bounces.nowhere.example' });
    expect(missing.status).toBe('WARN');
    expect(missing.details).toMatchObject({ return_path_verified: false, spf_verified: true });
    expect(missing.summary).toBe(
      'The return path domain bounces.nowhere.example has neither an SPF record nor an MX record.',
    );
  });

  it('reads the domain in any case and with a final dot', async () => {
    expect((await check('Pass.Example.')).status).toBe('PASS');
  });

  describe('when DNS cannot answer, it skips rather than reporting missing records', () => {
    const expectSkip = (result: Awaited<ReturnType<typeof checkDomainDns>>, reason: RegExp) => {
      expect(result.status).toBe('SKIP');
      expect(result.details).toMatchObject({ status: 'temporary_failure', spf_verified: false });
      expect(result.details.reason).toMatch(reason);
      expect(result.summary).toMatch(reason);
    };

    it('skips when nothing listens at the resolver address', async () => {
      const resolver = await unusedUdpAddress();
      const result = await checkDomainDns({
        domain: 'pass.example',
        dkimSelector: 'default',
        resolver,
        timeoutMs: 500,
      });
      expectSkip(result, /ECONNREFUSED|did not answer within 500 ms/);
    });

    it('skips at the timeout when the resolver never answers', async () => {
      const silent = await startSilentDnsServer();
      try {
        const startedAt = Date.now();
        const result = await checkDomainDns({
          domain: 'pass.example',
          dkimSelector: 'default',
          resolver: silent.address,
          timeoutMs: 300,
        });
        expectSkip(result, /did not answer within 300 ms|ETIMEOUT/);
        expect(Date.now() - startedAt).toBeLessThan(3000);
      } finally {
        await silent.close();
      }
    });

    it('skips when the server answers SERVFAIL', async () => {
      expectSkip(
        await check('broken.example'),
        /the lookup of (TXT|MX) broken\.example failed \(ESERVFAIL\)/,
      );
    });
  });
});
