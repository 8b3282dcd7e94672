/**
 * Passkeys in the browser tests: Chromium's virtual authenticator (CDP `WebAuthn`), which answers
 * the page's passkey dialogs at once as a platform authenticator with user verification would,
 * and the passkeys it holds, to move between pages and browsers. A credential's key is PKCS#8
 * (base64), the form `SoftPasskey` (tests/support/soft-authenticator.ts) exports and takes.
 */
import type { CDPSession, Page } from '@playwright/test';

/** A passkey as a test keeps it: its id (base64url, as the server names it), key and counter. */
export interface HeldPasskey {
  credentialId: string;
  /** PKCS#8 DER, base64. */
  privateKey: string;
  signCount: number;
  rpId: string;
}

const cdpId = (base64url: string) => Buffer.from(base64url, 'base64url').toString('base64');
const serverId = (base64: string) => Buffer.from(base64, 'base64').toString('base64url');

/** The signature counter of a passkey step's answer (authenticator data, bytes 33 to 36). */
export function signCountOf(body: { response?: { response?: { authenticatorData?: string } } }) {
  const data = Buffer.from(body.response?.response?.authenticatorData ?? '', 'base64url');
  return data.length >= 37 ? data.readUInt32BE(33) : 0;
}

/** One virtual authenticator on one page (it stays through the page's navigations). */
export class VirtualAuthenticator {
  private readonly client: CDPSession;
  readonly id: string;

  private constructor(client: CDPSession, id: string) {
    this.client = client;
    this.id = id;
  }

  private static sessions = new WeakMap<Page, Promise<CDPSession>>();

  /** Adds an authenticator to `page` holding `passkeys` (none: it will create one). */
  static async on(page: Page, passkeys: readonly HeldPasskey[] = []) {
    let session = VirtualAuthenticator.sessions.get(page);
    if (session === undefined) {
      session = page
        .context()
        .newCDPSession(page)
        .then(async (client) => {
          await client.send('WebAuthn.enable', { enableUI: false });
          return client;
        });
      VirtualAuthenticator.sessions.set(page, session);
    }
    const client = await session;
    const { authenticatorId } = await client.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    const authenticator = new VirtualAuthenticator(client, authenticatorId);
    for (const passkey of passkeys) await authenticator.add(passkey);
    return authenticator;
  }

  async add({ credentialId, privateKey, signCount, rpId }: HeldPasskey): Promise<void> {
    await this.client.send('WebAuthn.addCredential', {
      authenticatorId: this.id,
      credential: {
        credentialId: cdpId(credentialId),
        isResidentCredential: false,
        rpId,
        privateKey,
        signCount,
      },
    });
  }

  /** What it holds now: a passkey it created, or the counters after use. */
  async passkeys(): Promise<HeldPasskey[]> {
    const { credentials } = await this.client.send('WebAuthn.getCredentials', {
      authenticatorId: this.id,
    });
    return credentials.map(({ credentialId, privateKey, signCount, rpId }) => ({
      credentialId: serverId(credentialId),
      privateKey,
      signCount,
      rpId: rpId ?? '',
    }));
  }

  /** Takes it away: the page's next passkey dialog finds another one, or none. */
  async remove(): Promise<void> {
    await this.client.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: this.id });
  }
}
