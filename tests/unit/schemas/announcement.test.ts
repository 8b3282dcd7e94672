import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  ANNOUNCEMENT_LINK_MESSAGE,
  AnnouncementInputSchema,
  isAllowedLink,
} from '../../../src/lib/schemas/index.ts';

describe('announcement links', () => {
  it.each([
    'https://example.org',
    'http://example.org/a?b=c#d',
    'HTTPS://EXAMPLE.ORG',
    '/renewable-energy',
    '/',
    '#contact-form',
    '#',
    'mailto:hello@example.org',
    'mailto:hello@example.org?subject=Hi%20there',
    'tel:+914842000000',
    'tel:0484-200-0000',
  ])('allows %s', (link) => {
    expect(isAllowedLink(link)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'vbscript:x',
    'file:///etc/passwd',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'https://',
    'https:///path',
    'http://exa mple.org',
    'https://example.org/\n',
    'ftp://example.org',
    'example.org',
    'mailto:',
    'tel:call-me',
    'tel:',
  ])('refuses %j', (link) => {
    expect(isAllowedLink(link)).toBe(false);
  });
});

describe('AnnouncementInputSchema', () => {
  it('requires text (trimmed, at most 500) and defaults the link to empty', () => {
    expect(v.parse(AnnouncementInputSchema, { text: ' Hello ' })).toEqual({
      text: 'Hello',
      link: '',
    });
    expect(v.parse(AnnouncementInputSchema, { text: 'Hello', link: null })).toEqual({
      text: 'Hello',
      link: '',
    });
    expect(v.safeParse(AnnouncementInputSchema, { text: ' ' }).success).toBe(false);
    expect(v.safeParse(AnnouncementInputSchema, { text: 'x'.repeat(501) }).success).toBe(false);
  });

  it('explains a refused link', () => {
    const result = v.safeParse(AnnouncementInputSchema, { text: 'Hi', link: 'javascript:x' });
    expect(!result.success && result.issues[0]!.message).toBe(ANNOUNCEMENT_LINK_MESSAGE);
  });

  it('drops unknown fields, including a client-chosen id', () => {
    expect(v.parse(AnnouncementInputSchema, { text: 'Hi', _id: 'mine', extra: true })).toEqual({
      text: 'Hi',
      link: '',
    });
  });
});
