import {
  createHash,
  createPrivateKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign,
} from 'node:crypto';

/**
 * A software WebAuthn authenticator for API tests: a real P-256 key, a real attestation object
 * (fmt 'none', the COSE key in CBOR), real authenticator data and ES256 signatures in DER — what a
 * browser and a platform authenticator would send, so the server's WebAuthn library checks it for
 * real (docs/decisions/057-passkeys.md).
 */

type CborValue =
  | number
  | string
  | Uint8Array
  | CborValue[]
  | Map<CborValue, CborValue>
  | { [key: string]: CborValue };

/** The head of a CBOR item: major type and argument (RFC 8949 §3). */
function cborHead(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 0x100) return Buffer.from([(major << 5) | 24, value]);
  if (value < 0x10000) {
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(value, 1);
    return b;
  }
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(value, 1);
  return b;
}

/** A minimal CBOR encoder: integers, byte and text strings, arrays and maps — all WebAuthn needs here. */
export function encodeCbor(value: CborValue): Buffer {
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new Error('only integers');
    return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  }
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), Buffer.from(value)]);
  if (Array.isArray(value)) return Buffer.concat([cborHead(4, value.length), ...value.map(encodeCbor)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([
    cborHead(5, entries.length),
    ...entries.flatMap(([k, v]) => [encodeCbor(k), encodeCbor(v)]),
  ]);
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** Authenticator data flags (WebAuthn §6.1). */
const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export type SoftAuthenticatorOptions = {
  /** The origin the "browser" reports in clientDataJSON. */
  origin: string;
  /** The relying party id whose hash the authenticator data carries (the origin's host by default). */
  rpId?: string;
  /** The signature counter before the first use; each signature adds one (0 with `counter: 'none'`). */
  counter?: number;
};

export class SoftAuthenticator {
  readonly credentialId: Buffer;
  readonly privateKey: KeyObject;
  counter: number;
  origin: string;
  rpId: string;

  constructor(options: SoftAuthenticatorOptions, key?: { credentialId: Buffer; privateKey: KeyObject }) {
    this.origin = options.origin;
    this.rpId = options.rpId ?? new URL(options.origin).hostname;
    this.counter = options.counter ?? 0;
    this.credentialId = key?.credentialId ?? randomBytes(32);
    this.privateKey = key?.privateKey ?? generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
  }

  /** The credential id as the server stores it (base64url). */
  get id(): string {
    return b64url(this.credentialId);
  }

  /** A second authenticator holding the same key — what copying a passkey makes — at `counter`. */
  clone(counter: number): SoftAuthenticator {
    const pem = this.privateKey.export({ format: 'pem', type: 'pkcs8' });
    return new SoftAuthenticator(
      { origin: this.origin, rpId: this.rpId, counter },
      { credentialId: this.credentialId, privateKey: createPrivateKey(pem) },
    );
  }

  /** The public key as a COSE_Key (EC2, ES256, P-256). */
  private coseKey(): Buffer {
    const jwk = this.privateKey.export({ format: 'jwk' });
    if (!jwk.x || !jwk.y) throw new Error('not an EC key');
    return encodeCbor(
      new Map<CborValue, CborValue>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x, 'base64url')],
        [-3, Buffer.from(jwk.y, 'base64url')],
      ]),
    );
  }

  private authenticatorData(flags: number, attested?: Buffer): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(this.rpId), Buffer.from([flags]), counter, ...(attested ? [attested] : [])]);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }), 'utf8');
  }

  /** navigator.credentials.create's answer to `options` (RegistrationResponseJSON). */
  register(options: { challenge: string }) {
    const credIdLength = Buffer.alloc(2);
    credIdLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), credIdLength, this.credentialId, this.coseKey()]);
    const authData = this.authenticatorData(FLAG_UP | FLAG_UV | FLAG_AT, attested);
    const attestationObject = encodeCbor({ fmt: 'none', attStmt: {}, authData });
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /**
   * navigator.credentials.get's answer to `options` (AuthenticationResponseJSON): the counter moves
   * on by one (unless it is kept at 0, as synced passkeys do), then authData ‖ SHA-256(clientDataJSON)
   * is signed with ES256 in DER.
   */
  authenticate(options: { challenge: string }, settings: { keepCounter?: boolean } = {}) {
    if (!settings.keepCounter) this.counter += 1;
    const authData = this.authenticatorData(FLAG_UP | FLAG_UV);
    const clientData = this.clientData('webauthn.get', options.challenge);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), {
      key: this.privateKey,
      dsaEncoding: 'der',
    });
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
