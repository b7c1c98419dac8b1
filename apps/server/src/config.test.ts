import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('runs with no configuration on the embedded database', () => {
    const config = loadConfig({ INIT_CWD: '/srv/parley' });
    expect(config).toMatchObject({
      port: 3000,
      dataDir: '/srv/parley/data',
      databaseUrl: undefined,
      appOrigin: 'http://localhost:3000',
    });
  });

  it('names every bad variable', () => {
    const bad = () => loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud', APP_ORIGIN: 'nope' });
    expect(bad).toThrow(/PORT:/);
    expect(bad).toThrow(/LOG_LEVEL:/);
    expect(bad).toThrow(/APP_ORIGIN:/);
  });

  it('requires ENCRYPTION_KEY with an external database', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@h/db' })).toThrow(/ENCRYPTION_KEY/);
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', ENCRYPTION_KEY: key }).databaseUrl).toBe(
      'postgres://u@h/db',
    );
  });

  it('requires ENCRYPTION_KEY in production, even with the embedded database', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /ENCRYPTION_KEY: required with NODE_ENV=production/,
    );
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ NODE_ENV: 'production', ENCRYPTION_KEY: key }).encryptionKey).toBe(key);
    expect(loadConfig({ NODE_ENV: 'development' }).encryptionKey).toBeUndefined();
  });

  it('reads AUDIT_SIGNING_KEY as PEM (one-line too) or base64 PKCS#8, and names it when it is not an Ed25519 key', () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const der = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    const raw = privateKey.export({ format: 'der', type: 'pkcs8' });
    for (const value of [pem, pem.replace(/\n/g, '\\n'), der]) {
      const key = loadConfig({ AUDIT_SIGNING_KEY: value }).auditSigningKey;
      expect(key?.export({ format: 'der', type: 'pkcs8' }).equals(raw)).toBe(true);
    }
    expect(loadConfig({}).auditSigningKey).toBeUndefined();
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({
      format: 'pem',
      type: 'pkcs8',
    });
    for (const bad of ['not a key', rsa.toString()]) {
      expect(() => loadConfig({ AUDIT_SIGNING_KEY: bad })).toThrow(
        /AUDIT_SIGNING_KEY: must be an Ed25519 private key/,
      );
    }
  });

  it('reduces APP_ORIGIN to an origin', () => {
    expect(loadConfig({ APP_ORIGIN: 'https://ir.example.com/some/path' }).appOrigin).toBe(
      'https://ir.example.com',
    );
  });

  it('derives isHttps from APP_ORIGIN once', () => {
    expect(loadConfig({ APP_ORIGIN: 'https://ir.example.com' }).isHttps).toBe(true);
    expect(loadConfig({}).isHttps).toBe(false);
  });

  it('reads EMAIL_WEBHOOK_SECRET as space-separated whsec_ secrets and names it when one is not', () => {
    const one = `whsec_${Buffer.alloc(32, 1).toString('base64')}`;
    const two = `whsec_${Buffer.alloc(24, 2).toString('base64')}`;
    expect(loadConfig({}).emailWebhookSecrets).toEqual([]);
    expect(loadConfig({ EMAIL_WEBHOOK_SECRET: one }).emailWebhookSecrets).toEqual([one]);
    expect(loadConfig({ EMAIL_WEBHOOK_SECRET: ` ${one}  ${two} ` }).emailWebhookSecrets).toEqual([one, two]);
    for (const bad of [
      'hunter2',
      Buffer.alloc(32).toString('base64'),
      `whsec_${Buffer.alloc(16).toString('base64')}`,
      `whsec_not base64!`,
      `${one} whsec_`,
    ]) {
      expect(() => loadConfig({ EMAIL_WEBHOOK_SECRET: bad }), bad).toThrow(
        /EMAIL_WEBHOOK_SECRET: each secret/,
      );
    }
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '' })).toMatchObject({
      databaseUrl: undefined,
      smtpUrl: undefined,
    });
  });

  it('reads the email health DNS settings, with the default DKIM selector', () => {
    expect(loadConfig({})).toMatchObject({
      emailDnsServer: undefined,
      emailDkimSelector: 'default',
      emailReturnPathDomain: undefined,
    });
    expect(
      loadConfig({
        EMAIL_DNS_SERVER: '192.0.2.53:5353',
        EMAIL_DKIM_SELECTOR: 's1',
        EMAIL_RETURN_PATH_DOMAIN: 'bounces.parley.example',
      }),
    ).toMatchObject({
      emailDnsServer: '192.0.2.53:5353',
      emailDkimSelector: 's1',
      emailReturnPathDomain: 'bounces.parley.example',
    });
  });

  it('takes an IP address, with or without a port, as EMAIL_DNS_SERVER and names anything else', () => {
    for (const server of ['192.0.2.53', '192.0.2.53:53', '2001:db8::53', '[2001:db8::53]:5353']) {
      expect(loadConfig({ EMAIL_DNS_SERVER: server }).emailDnsServer).toBe(server);
    }
    for (const bad of [
      'dns.example.com',
      '192.0.2.53:0',
      '192.0.2.53:70000',
      '2001:db8::53:53:x',
      '[dns]:53',
    ]) {
      expect(() => loadConfig({ EMAIL_DNS_SERVER: bad }), bad).toThrow(
        /EMAIL_DNS_SERVER: must be an IP address/,
      );
    }
    expect(() => loadConfig({ EMAIL_DKIM_SELECTOR: 'bad selector' })).toThrow(/EMAIL_DKIM_SELECTOR:/);
    expect(() => loadConfig({ EMAIL_RETURN_PATH_DOMAIN: 'no spaces.example' })).toThrow(
      /EMAIL_RETURN_PATH_DOMAIN:/,
    );
  });

  describe('the second opinion endpoint (decision 022)', () => {
    const drafting = { AI_BASE_URL: 'http://draft.example/v1', AI_MODEL: 'drafter', AI_API_KEY: 'sk-draft' };

    it('is off without any endpoint', () => {
      expect(loadConfig({}).complianceAi).toBeUndefined();
    });

    it('falls back to the drafting endpoint, with its own model when named', () => {
      expect(loadConfig(drafting).complianceAi).toEqual({
        baseUrl: 'http://draft.example/v1',
        apiKey: 'sk-draft',
        model: 'drafter',
      });
      expect(loadConfig({ ...drafting, COMPLIANCE_AI_MODEL: 'judge' }).complianceAi?.model).toBe('judge');
    });

    it('uses its own endpoint and never sends the drafting key there', () => {
      const config = loadConfig({
        ...drafting,
        COMPLIANCE_AI_BASE_URL: 'http://judge.example/v1',
        COMPLIANCE_AI_MODEL: 'judge',
      });
      expect(config.complianceAi).toEqual({
        baseUrl: 'http://judge.example/v1',
        apiKey: undefined,
        model: 'judge',
      });
      expect(config.ai?.model).toBe('drafter');
    });

    it('is turned off with off, even with a drafting endpoint', () => {
      expect(loadConfig({ ...drafting, COMPLIANCE_AI_BASE_URL: 'off' }).complianceAi).toBeUndefined();
    });

    it('refuses incomplete settings, naming the variable', () => {
      expect(() => loadConfig({ COMPLIANCE_AI_BASE_URL: 'http://judge.example/v1' })).toThrow(
        /COMPLIANCE_AI_MODEL: required/,
      );
      expect(() => loadConfig({ COMPLIANCE_AI_MODEL: 'judge' })).toThrow(/COMPLIANCE_AI_MODEL: needs/);
      expect(() => loadConfig({ ...drafting, COMPLIANCE_AI_API_KEY: 'k' })).toThrow(/COMPLIANCE_AI_API_KEY/);
      expect(() => loadConfig({ COMPLIANCE_AI_BASE_URL: 'judge' })).toThrow(/COMPLIANCE_AI_BASE_URL:/);
    });
  });
});
