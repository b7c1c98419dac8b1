import { describe, expect, it } from 'vitest';
import { acceptedEncodings, isFilePath } from './web-app';

const names = (header: string | undefined) => acceptedEncodings(header).map((encoding) => encoding.name);

describe('acceptedEncodings', () => {
  it('prefers brotli to gzip when both are equally welcome', () => {
    expect(names('gzip, deflate, br, zstd')).toEqual(['br', 'gzip']);
    expect(names('BR;q=1.0, GZIP')).toEqual(['br', 'gzip']);
  });

  it('follows the q-values, and a q of 0 refuses an encoding', () => {
    expect(names('gzip;q=1, br;q=0.5')).toEqual(['gzip', 'br']);
    expect(names('br;q=0, gzip')).toEqual(['gzip']);
    expect(names('*;q=0.1, gzip')).toEqual(['gzip', 'br']);
    expect(names('*, br;q=0')).toEqual(['gzip']);
  });

  it('allows none without the header, or with only identity or unknown encodings', () => {
    expect(names(undefined)).toEqual([]);
    expect(names('')).toEqual([]);
    expect(names('identity')).toEqual([]);
    expect(names('deflate, zstd')).toEqual([]);
    expect(names('gzip;q=abc')).toEqual([]);
  });
});

describe('isFilePath', () => {
  it('tells files from client routes', () => {
    for (const file of ['/assets/x', '/favicon.ico', '/app.js', '/.vite/manifest.json', '/a/b.webmanifest'])
      expect(isFilePath(file), file).toBe(true);
    for (const route of ['/', '/inbox', '/inbox/8c9d2b4e-1f0a-4f51-9a57-0d4e3b7a2c11', '/auth/magic'])
      expect(isFilePath(route), route).toBe(false);
  });
});
