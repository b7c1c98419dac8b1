import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  generateTotpSecret,
  hotp,
  matchTotpStep,
  otpauthUri,
  totpCode,
  totpStep,
} from './totp';

const RFC_SECRET = Buffer.from('12345678901234567890');

describe('HOTP and TOTP', () => {
  it('match the RFC 4226 test values', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, counter) => hotp(RFC_SECRET, counter))).toEqual(expected);
  });

  it('match the RFC 6238 SHA-1 test values (8 digits)', () => {
    const cases: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1234567890, '89005924'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, code] of cases)
      expect(hotp(RFC_SECRET, totpStep(new Date(seconds * 1000)), 8)).toBe(code);
  });

  it('round-trips base32 and makes 160-bit secrets', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
    expect(base32Decode(generateTotpSecret())).toHaveLength(20);
    expect(generateTotpSecret()).not.toBe(generateTotpSecret());
  });
});

describe('matchTotpStep', () => {
  const secret = generateTotpSecret();
  const now = new Date('2026-11-22T10:00:10Z');
  const at = (steps: number) => new Date(now.getTime() + steps * 30_000);

  it('accepts the current step and one either side, not two', () => {
    for (const delta of [-1, 0, 1])
      expect(matchTotpStep(secret, totpCode(secret, at(delta)), now)).toBe(totpStep(at(delta)));
    for (const delta of [-2, 2]) expect(matchTotpStep(secret, totpCode(secret, at(delta)), now)).toBeNull();
  });

  it('never matches a step at or before the last accepted one', () => {
    const code = totpCode(secret, now);
    const step = matchTotpStep(secret, code, now);
    expect(step).toBe(totpStep(now));
    expect(matchTotpStep(secret, code, now, step ?? 0)).toBeNull();
  });

  it('refuses anything but six digits', () => {
    for (const code of ['', '12345', '1234567', 'abcdef'])
      expect(matchTotpStep(secret, code, now)).toBeNull();
  });
});

describe('otpauthUri', () => {
  it('names the issuer and account and carries the parameters apps read', () => {
    const uri = otpauthUri({ issuer: 'Parley', account: 'dana@parley.example', secret: 'JBSWY3DPEHPK3PXP' });
    expect(uri).toBe(
      'otpauth://totp/Parley:dana%40parley.example?secret=JBSWY3DPEHPK3PXP&issuer=Parley&algorithm=SHA1&digits=6&period=30',
    );
  });
});
