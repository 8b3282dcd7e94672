/**
 * The admin's sign-in factors in the browser: the texts of src/admin/display/security.ts, the
 * login box's stages (src/admin/components/login/stages.ts), the sign-in call's failures
 * (`login` in src/admin/api/client.ts), and what the browser and the functions must agree on.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { login } from '../../src/admin/api/sign-in';
import { stageOf, waysOf } from '../../src/admin/login/stages';
import {
  PASSKEY_CANCELLED,
  passkeyFailure,
  recoveryCodesFile,
  recoveryCodesFilename,
  recoveryLeft,
  recoveryLow,
  recoveryUsedText,
  secretGroups,
  signInMethod,
} from '../../src/admin/display/security';
import { describeDevice } from '../../src/lib/device-name';
import { EXPIRED_TICKET_MESSAGE } from '../../src/lib/schemas';
import { describeDevice as serverDescribeDevice } from '../../functions/_lib/factors/sessions';
import { EXPIRED_TICKET } from '../../functions/_lib/factors/tickets';

const domError = (name: string) => Object.assign(new Error('x'), { name });

describe('a passkey dialog that fails', () => {
  it('says a cancelled or timed-out dialog may be tried again, or another way in used', () => {
    expect(passkeyFailure(domError('NotAllowedError'), 'use')).toBe(PASSKEY_CANCELLED);
    expect(passkeyFailure(domError('NotAllowedError'), 'create')).toMatch(/cancelled.*try again/);
  });

  it('says nothing of a dialog the page closed itself (another way in was chosen)', () => {
    expect(passkeyFailure(domError('AbortError'), 'use')).toBeNull();
  });

  it('names a passkey the authenticator holds already, and anything else in general words', () => {
    expect(passkeyFailure(domError('InvalidStateError'), 'create')).toMatch(/already/);
    expect(passkeyFailure(new Error('WebAuthn is not supported'), 'use')).toMatch(/could not/);
    expect(passkeyFailure('odd', 'create')).toMatch(/could not create/);
  });
});

describe('recovery codes', () => {
  it('counts what is left out of ten, and warns at three or fewer', () => {
    expect(recoveryLeft(7)).toBe('7 of 10 left');
    expect(recoveryLow(4)).toBe(false);
    expect(recoveryLow(3)).toBe(true);
  });

  it('after a sign-in with one, says how many are left and, when few, to make new ones', () => {
    expect(recoveryUsedText(9)).toBe('You have 9 recovery codes left.');
    expect(recoveryUsedText(1)).toBe(
      'You have 1 recovery code left. Make new codes in Security, on the dashboard, soon.',
    );
    expect(recoveryUsedText(0)).toMatch(/^You have no recovery codes left\./);
  });

  it('saves them as a text file that names the site and the day, one code a line', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    const file = recoveryCodesFile(['AAAAA-22222', 'BBBBB-33333'], 'site.example', now);
    expect(file.split('\n')).toEqual([
      'Recovery codes for the admin of site.example',
      'Made 2026-03-10. Each code works once; new codes replace these.',
      '',
      'AAAAA-22222',
      'BBBBB-33333',
      '',
    ]);
    expect(recoveryCodesFilename('localhost:8888', now)).toBe(
      'recovery-codes-localhost-8888-2026-03-10.txt',
    );
  });
});

describe('the authenticator app and sessions', () => {
  it('shows a secret in groups of four for typing', () => {
    expect(secretGroups('ABCDEFGHIJKLMNOPQRST')).toBe('ABCD EFGH IJKL MNOP QRST');
    expect(secretGroups('ABCDEF')).toBe('ABCD EF');
  });

  it('says how a session signed in; an unknown way by its name', () => {
    const ways = ['passkey', 'totp', 'recovery', 'sso'];
    const shown = ['Passkey', 'Authenticator app', 'Recovery code', 'sso'];
    expect(ways.map((way) => signInMethod(way))).toEqual(shown);
  });
});

describe('the login box stages', () => {
  it('starts a passkey step with the passkey, and offers only the fallbacks the server named', () => {
    const stage = stageOf({
      step: 'passkey',
      ticket: 't',
      options: { challenge: 'c' },
      fallbacks: ['recovery'],
    });
    expect(stage).toMatchObject({ kind: 'second', way: 'passkey', fallbacks: ['recovery'] });
    expect(waysOf('passkey', ['recovery'])).toEqual(['passkey', 'recovery']);
  });

  it('starts a code step with the app where there is one, else a recovery code', () => {
    expect(stageOf({ step: 'code', ticket: 't', fallbacks: ['totp', 'recovery'] })).toMatchObject({
      way: 'totp',
    });
    expect(stageOf({ step: 'code', ticket: 't', fallbacks: ['recovery'] })).toMatchObject({
      way: 'recovery',
    });
  });

  it('keeps the way the admin was on when a new step of the same kind offers it', () => {
    const step = { step: 'passkey', ticket: 't', options: {}, fallbacks: ['totp'] } as const;
    expect(stageOf({ ...step, fallbacks: ['totp'] }, 'totp')).toMatchObject({ way: 'totp' });
    expect(stageOf({ ...step, fallbacks: [] }, 'totp')).toMatchObject({ way: 'passkey' });
  });

  it('turns a first sign-in into the enrolment', () => {
    expect(stageOf({ step: 'enrol', ticket: 't', options: { challenge: 'c' } })).toMatchObject({
      kind: 'enrol',
      ticket: 't',
    });
  });
});

describe('the sign-in calls', () => {
  afterEach(() => vi.unstubAllGlobals());

  const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    vi.stubGlobal('fetch', async () => Response.json(body, { status, headers }));

  it('says "Invalid credentials" for any refusal of the password', async () => {
    answer(401, { error: 'Invalid credentials' });
    await expect(login('/api/login', {})).rejects.toThrow('Invalid credentials');
    answer(400, { error: 'Some fields are invalid.', fields: { username: 'Required.' } });
    await expect(login('/api/login', {})).rejects.toThrow('Invalid credentials');
  });

  it("passes on a second step's refusal in the server's words, with its field messages", async () => {
    answer(401, { error: EXPIRED_TICKET_MESSAGE });
    await expect(login('/api/login/totp', {})).rejects.toThrow(EXPIRED_TICKET_MESSAGE);
    answer(400, { error: 'Some fields are invalid.', fields: { code: 'Enter the code.' } });
    await expect(login('/api/login/totp', {})).rejects.toMatchObject({
      status: 400,
      fields: { code: 'Enter the code.' },
    });
  });

  it('says how long a lockout lasts, at either step', async () => {
    answer(429, { error: 'Too many failed attempts.' }, { 'retry-after': '90' });
    await expect(login('/api/login/passkey', {})).rejects.toThrow(/locked.*in 2 minutes/);
  });
});

describe('what the browser and the functions agree on', () => {
  it('the message of an expired or spent step, which sends the admin back to the password', () => {
    expect(EXPIRED_TICKET_MESSAGE).toBe(EXPIRED_TICKET);
  });

  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'],
    ['curl/8.0'],
  ])('names the device of %s alike (a new passkey is named as its session is)', (agent) => {
    expect(describeDevice(agent)).toBe(serverDescribeDevice(agent));
  });

  it('names a browser and its system', () => {
    expect(
      describeDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131'),
    ).toBe('Chrome on Windows');
    expect(describeDevice(null)).toBe('Unknown browser');
  });
});
