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

  it('reduces APP_ORIGIN to an origin', () => {
    expect(loadConfig({ APP_ORIGIN: 'https://ir.example.com/some/path' }).appOrigin).toBe(
      'https://ir.example.com',
    );
  });

  it('derives isHttps from APP_ORIGIN once', () => {
    expect(loadConfig({ APP_ORIGIN: 'https://ir.example.com' }).isHttps).toBe(true);
    expect(loadConfig({}).isHttps).toBe(false);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '' })).toMatchObject({
      databaseUrl: undefined,
      smtpUrl: undefined,
    });
  });
});
