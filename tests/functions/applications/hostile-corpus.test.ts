/**
 * The hostile corpus through the API (issue 39, "measure"): each file is written to
 * tests/fixtures/hostile-cvs/, sent as a CV with valid fields, and refused with its reason at
 * the `cv` field; nothing of any of them is stored, not a byte.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import applicationsFn from '../../../functions/applications.ts';
import { refuse } from '../../../functions/_lib/cv/refusal.ts';
import { HOSTILE_CORPUS } from '../../support/hostile-corpus.ts';
import { call, useBlobs } from '../helpers.ts';
import { writes } from '../store-inspection.ts';
import { applicationForm } from './application-form.ts';

const blobs = useBlobs();
const folder = join(import.meta.dirname, '../../fixtures/hostile-cvs');

describe('the hostile corpus, sent as CVs', () => {
  it.each(HOSTILE_CORPUS.map((file) => [file.name, file] as const))(
    'refuses %s with its reason, storing nothing',
    async (name, file) => {
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, name), file.bytes());
      const bytes = readFileSync(join(folder, name));
      const res = await call(applicationsFn, {
        path: '/api/applications',
        multipart: applicationForm({}, { bytes, name, type: 'application/pdf' }),
      });
      expect(res.status).toBe(file.refused === 'too-large' ? 413 : 400);
      const body = (await res.json()) as { fields: Record<string, string> };
      expect(body.fields).toEqual({ cv: refuse(file.refused).message });
      expect(writes(blobs.ops)).toBe(0);
    },
    60_000,
  );
});
