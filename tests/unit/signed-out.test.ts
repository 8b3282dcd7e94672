import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_OUT_KEY, markSignedOut, takeSignedOut } from '../../src/admin/api/auth-client';
import { SIGNED_OUT_TEXT } from '../../src/admin/display/sign-in';

/** A tab's sessionStorage, as far as the login page's word needs one. */
function tabStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('the signed-out word for the login page', () => {
  beforeEach(() => vi.stubGlobal('sessionStorage', tabStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('says nothing to someone who simply opens /login', () => {
    expect(takeSignedOut()).toBeNull();
  });

  it('is read once: a reload or a later visit shows nothing', () => {
    markSignedOut('idle');
    expect(takeSignedOut()).toBe('idle');
    expect(takeSignedOut()).toBeNull();
  });

  it('ignores a value that is not one of the reasons', () => {
    sessionStorage.setItem(SIGNED_OUT_KEY, '<b>forged</b>');
    expect(takeSignedOut()).toBeNull();
  });

  it('shows nothing where storage is unavailable', () => {
    vi.stubGlobal('sessionStorage', undefined);
    expect(() => markSignedOut('manual')).not.toThrow();
    expect(takeSignedOut()).toBeNull();
  });

  it('has the words the office reads', () => {
    expect(SIGNED_OUT_TEXT.manual).toBe('You have been signed out.');
    expect(SIGNED_OUT_TEXT.idle).toBe('You have been signed out after 5 minutes without activity.');
  });
});
