import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  ANNOUNCEMENT_LINK_MESSAGE,
  AnnouncementInputSchema,
  fieldErrors,
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

describe('AnnouncementInputSchema: Malayalam and Arabic texts', () => {
  it('keeps optional text_ml and text_ar, trimmed, beside the English text', () => {
    expect(
      v.parse(AnnouncementInputSchema, {
        text: 'News',
        text_ml: '  വാർത്ത ',
        text_ar: ' أخبار ',
      }),
    ).toEqual({ text: 'News', link: '', text_ml: 'വാർത്ത', text_ar: 'أخبار' });
  });

  it('leaves out a translation that is missing, null or blank (old records stay valid)', () => {
    for (const extra of [
      {},
      { text_ml: null, text_ar: undefined },
      { text_ml: ' ', text_ar: '' },
    ]) {
      const parsed = v.parse(AnnouncementInputSchema, { text: 'News', link: '/x', ...extra });
      expect(parsed).toEqual({ text: 'News', link: '/x' });
      expect(Object.keys(parsed).sort()).toEqual(['link', 'text']);
    }
  });

  it('refuses a translation the English rules refuse, with a message on its field', () => {
    for (const field of ['text_ml', 'text_ar'] as const) {
      for (const bad of ['x'.repeat(501), 'a\u0007b', 42]) {
        const result = v.safeParse(AnnouncementInputSchema, { text: 'News', [field]: bad });
        expect(result.success, `${field} ${JSON.stringify(bad)}`).toBe(false);
        expect(fieldErrors(result.issues ?? [])).toHaveProperty(field);
      }
    }
  });

  it('still requires the English text when translations are given', () => {
    const result = v.safeParse(AnnouncementInputSchema, { text: '', text_ml: 'വാർത്ത' });
    expect(fieldErrors(result.issues ?? [])).toHaveProperty('text');
  });
});
