import { describe, expect, it } from 'vitest';
import { afterLoginPath } from '../../src/admin/api/auth-client';

const ORIGIN = 'https://site.example';
/** The search string of a login URL whose `from` is `value` (encoded, as a link would be). */
const from = (value: string) => `?from=${encodeURIComponent(value)}`;
/** Where the browser ends up when it is sent to `path` from a page of this site. */
const landsOn = (path: string) => new URL(path, ORIGIN);

describe('afterLoginPath', () => {
  it('returns to the page of this site the admin came from, query and fragment included', () => {
    expect(afterLoginPath(from('/admin'), ORIGIN)).toBe('/admin');
    expect(afterLoginPath(from('/admin?page=2#x'), ORIGIN)).toBe('/admin?page=2#x');
    expect(afterLoginPath('?from=%2Fadmin%3Ftab%3D2', ORIGIN)).toBe('/admin?tab=2');
    expect(afterLoginPath(from(`${ORIGIN}/about`), ORIGIN)).toBe('/about');
  });

  it('goes to /admin without a `from`', () => {
    expect(afterLoginPath('', ORIGIN)).toBe('/admin');
    expect(afterLoginPath('?from=', ORIGIN)).toBe('/admin');
  });

  // Each `search` as it reaches the login page; all of them would leave the site, or loop.
  it.each([
    ['an encoded backslash (the reported phish)', '?from=/%5Cevil.example/phish'],
    ['a raw backslash', '?from=/\\evil.example/phish'],
    ['an encoded tab before a second slash', '?from=/%09/evil.example'],
    ['a raw tab before a second slash', '?from=/\t/evil.example'],
    ['an encoded newline before a second slash', '?from=/%0A/evil.example'],
    ['a carriage return and newline', '?from=/%0D%0A/evil.example'],
    ['encoded slashes', '?from=%2F%2Fevil'],
    ['a protocol-relative address', '?from=//evil'],
    ['a dot segment that leaves a double slash', `?from=${encodeURIComponent('/.//evil')}`],
    ['an absolute address', `?from=${encodeURIComponent('https://evil.example')}`],
    ['this host on another port', `?from=${encodeURIComponent('https://site.example:8443/')}`],
    ['a plain-http copy of this host', `?from=${encodeURIComponent('http://site.example/')}`],
    ['a script', `?from=${encodeURIComponent('javascript:alert(1)')}`],
    ['a data document', `?from=${encodeURIComponent('data:text/html,<script>x</script>')}`],
    ['the login page', '?from=/login'],
    ['the login page with a slash and a query', `?from=${encodeURIComponent('/login/?x')}`],
    ['the logout page', '?from=/logout'],
  ])('refuses %s and goes to /admin', (_label, search) => {
    expect(afterLoginPath(search, ORIGIN)).toBe('/admin');
  });

  // What the browser itself reads as a path of this site stays that path, harmlessly.
  it.each([
    ['a tab inside the path', from('/\tevil'), '/evil'],
    ['a newline inside the path', from('/\nevil'), '/evil'],
    ['slashes encoded twice', from('%2F%2Fevil'), '/%2F%2Fevil'],
    ['a backslash encoded twice', from('/%5Cevil.example'), '/%5Cevil.example'],
  ])('keeps %s on this site', (_label, search, expected) => {
    expect(afterLoginPath(search, ORIGIN)).toBe(expected);
  });

  it('whatever `from` holds, the answer lands on this site', () => {
    const samples = ['/\\\\x', '\\\\evil', '///evil', '\\/evil', '/%2e%2e/%2f/evil', '/./\\evil'];
    for (const sample of samples) {
      for (const search of [from(sample), `?from=${sample}`]) {
        const path = afterLoginPath(search, ORIGIN);
        expect(path, search).toMatch(/^\/(?![/\\])/);
        expect(landsOn(path).origin, search).toBe(ORIGIN);
      }
    }
  });
});
