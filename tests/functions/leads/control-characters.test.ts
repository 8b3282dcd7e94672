/**
 * A submission carrying invisible control characters is refused with the field's message and
 * stores nothing (src/lib/schemas/fields.ts `hasControlCharacters`).
 */
import { describe, expect, it } from 'vitest';
import announcementsFn from '../../../functions/announcements.ts';
import contactFn from '../../../functions/contact.ts';
import enquiriesFn from '../../../functions/enquiries.ts';
import loginFn from '../../../functions/login.ts';
import { CONTROL_CHARACTERS_MESSAGE } from '../../../src/lib/schemas/index.ts';
import { ADMIN, call, makeToken, useBlobs, type FunctionHandler } from '../helpers.ts';
import { validContact, validEnquiry } from '../samples.ts';
import { writes } from '../store-inspection.ts';

const blobs = useBlobs();

async function refused(
  handler: FunctionHandler,
  path: string,
  json: Record<string, unknown>,
  field: string,
  token?: string,
) {
  blobs.resetOps();
  const res = await call(handler, { path, json, ...(token ? { token } : {}) });
  expect(res.status).toBe(400);
  expect(await res.json()).toEqual({
    error: expect.any(String),
    fields: { [field]: CONTROL_CHARACTERS_MESSAGE },
  });
  expect(writes(blobs.ops)).toBe(0);
}

describe('control characters in submitted text', () => {
  it('refuses a NUL or a bidi override in a contact message, storing nothing', async () => {
    await refused(contactFn, '/api/contact', validContact({ name: 'Ravi\u0000' }), 'name');
    await refused(
      contactFn,
      '/api/contact',
      validContact({ message: 'Pay \u202eexe.txt' }),
      'message',
    );
  });

  it('refuses them in an enquiry, and keeps line breaks in the comments', async () => {
    await refused(
      enquiriesFn,
      '/api/enquiries',
      validEnquiry({ cityTownVillage: '\u2066Kochi\u2069' }),
      'cityTownVillage',
    );
    await refused(
      enquiriesFn,
      '/api/enquiries',
      validEnquiry({ fullName: 'Asha\nMenon' }),
      'fullName',
    );
    const res = await call(enquiriesFn, {
      path: '/api/enquiries',
      json: validEnquiry({ additionalComments: 'First line\r\nSecond\tline' }),
    });
    expect(res.status).toBe(201);
  });

  it('refuses them in an announcement', async () => {
    const token = await makeToken();
    await refused(announcementsFn, '/api/announcements', { text: 'Hi\u0085' }, 'text', token);
  });

  it('refuses them in a login before checking the password', async () => {
    await refused(
      loginFn,
      '/api/login',
      { username: ADMIN.username, password: 'a\u0000' },
      'password',
    );
  });
});
