/**
 * A software passkey for tests: makes and uses a P-256 (ES256) credential the way an
 * authenticator does (WebAuthn Level 3 §6): authenticator data with the relying party id's hash,
 * flags and signature counter; a `none` attestation at creation; an ECDSA signature over the
 * authenticator data and the client data's hash at use. The server checks it with
 * @simplewebauthn/server exactly as it checks a browser's. Its key is exportable as PKCS#8, the
 * form Chromium's virtual authenticator (CDP `WebAuthn.addCredential`) takes.
 */
import {
  createHash,
  createPrivateKey,
  generateKeyPairSync,
  randomBytes,
  sign,
  type KeyObject,
} from 'node:crypto';

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function head(major: number, value: number): number[] {
  if (value < 24) return [(major << 5) | value];
  if (value < 0x100) return [(major << 5) | 24, value];
  if (value < 0x10000) return [(major << 5) | 25, value >> 8, value & 0xff];
  return [
    (major << 5) | 26,
    (value >>> 24) & 0xff,
    (value >> 16) & 0xff,
    (value >> 8) & 0xff,
    value & 0xff,
  ];
}

/** Just enough CBOR (RFC 8949) for COSE keys and attestation objects. */
export function cbor(value: Cbor): Uint8Array {
  if (typeof value === 'number') {
    return Uint8Array.from(value >= 0 ? head(0, value) : head(1, -1 - value));
  }
  if (typeof value === 'string') {
    const bytes = new TextEncoder().encode(value);
    return Buffer.concat([Uint8Array.from(head(3, bytes.length)), bytes]);
  }
  if (value instanceof Uint8Array)
    return Buffer.concat([Uint8Array.from(head(2, value.length)), value]);
  const parts: Uint8Array[] = [Uint8Array.from(head(5, value.size))];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export interface SoftPasskeyOptions {
  /** The signature counter to start from; `null`: always 0 (as many synced passkeys report). */
  counter?: number | null;
  /** Private key as PKCS#8 DER, base64 (to share one credential across processes). */
  privateKey?: string;
  credentialId?: string;
}

export interface ClientData {
  /** What the browser reports as the page's origin. */
  origin: string;
  /** The relying party id the authenticator scopes the credential to (default: origin's host). */
  rpId?: string;
  /** Override the client data's type (a hostile test). */
  type?: string;
}

export class SoftPasskey {
  readonly credentialId: string;
  private readonly key: KeyObject;
  private counter: number | null;

  constructor({ counter = 1, privateKey, credentialId }: SoftPasskeyOptions = {}) {
    this.key =
      privateKey === undefined
        ? generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey
        : createPrivateKey({
            key: Buffer.from(privateKey, 'base64'),
            format: 'der',
            type: 'pkcs8',
          });
    this.credentialId = credentialId ?? b64url(randomBytes(16));
    this.counter = counter;
  }

  /** PKCS#8 DER, base64: what CDP's `WebAuthn.addCredential` takes as `privateKey`. */
  get privateKey(): string {
    return this.key.export({ format: 'der', type: 'pkcs8' }).toString('base64');
  }

  get signCount(): number {
    return this.counter ?? 0;
  }

  private authData(rpId: string, flags: number, attested?: Uint8Array): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter ?? 0);
    return Buffer.concat([
      sha256(rpId),
      Uint8Array.from([flags]),
      count,
      ...(attested ? [attested] : []),
    ]);
  }

  private clientData(
    type: string,
    challenge: string,
    { origin, type: override }: ClientData,
  ): Buffer {
    return Buffer.from(
      JSON.stringify({ type: override ?? type, challenge, origin, crossOrigin: false }),
    );
  }

  /** The response to `navigator.credentials.create` for these options (RegistrationResponseJSON). */
  create(options: { challenge: string; rp?: { id?: string } }, client: ClientData) {
    const rpId = client.rpId ?? options.rp?.id ?? new URL(client.origin).hostname;
    const jwk = this.key.export({ format: 'jwk' });
    const cose = cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const id = Buffer.from(this.credentialId, 'base64url');
    const length = Buffer.alloc(2);
    length.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), length, id, cose]);
    // User present, user verified, attested credential data included.
    const authData = this.authData(rpId, 0x45, attested);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, client);
    return this.credential(clientDataJSON, {
      attestationObject: b64url(attestationObject),
      transports: ['internal'],
    });
  }

  /** The response to `navigator.credentials.get` (AuthenticationResponseJSON); counts a use. */
  get(
    options: { challenge: string; rpId?: string },
    client: ClientData,
    { sameCounter = false }: { sameCounter?: boolean } = {},
  ) {
    if (this.counter !== null && !sameCounter) this.counter += 1;
    const rpId = client.rpId ?? options.rpId ?? new URL(client.origin).hostname;
    const authData = this.authData(rpId, 0x05);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, client);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.key);
    return this.credential(clientDataJSON, {
      authenticatorData: b64url(authData),
      signature: b64url(signature),
    });
  }

  /** A credential of this authenticator as the browser hands it over, with `response`. */
  private credential<Response extends object>(clientDataJSON: Buffer, response: Response) {
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      response: { clientDataJSON: b64url(clientDataJSON), ...response },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
