/** An application as the careers form sends it, with a CV (a small PDF unless one is given). */
import { makePdf } from '../../support/hostile-files.ts';

export function applicationForm(
  fields: Record<string, string> = {},
  cv: { bytes: Uint8Array; name: string; type?: string } | null = {
    bytes: makePdf(),
    name: 'Asha Nair CV.pdf',
    type: 'application/pdf',
  },
): FormData {
  const form = new FormData();
  const values = {
    name: 'Asha Nair',
    email: 'asha@example.in',
    phone: '+91 98470 12345',
    opening: 'open',
    location: 'Kochi, Kerala',
    coverNote: 'Six years of rooftop solar design in Kerala.',
    consent: 'yes',
    ...fields,
  };
  for (const [key, value] of Object.entries(values)) form.set(key, value);
  if (cv)
    form.set(
      'cv',
      new Blob([cv.bytes as Uint8Array<ArrayBuffer>], { type: cv.type ?? '' }),
      cv.name,
    );
  return form;
}
