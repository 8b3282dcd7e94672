/**
 * The careers application form's draft (scripts/application-form-enhance.ts): the fields a
 * visitor types, kept in this tab as the other forms keep theirs (draft.ts). Never the CV: a page
 * cannot keep a file, and the form says so when it puts a draft back.
 */

/**
 * Where the form is on its page, and where a refused plain post comes back to (the lead kind's
 * `form.anchor`, src/lib/leads/application.ts; a unit test holds the two together, since the
 * browser's bundle must not carry the kind's declaration).
 */
export const APPLICATION_ANCHOR = 'application-form';

/** The file input's name: the field the API reads the CV from, and names a refused CV by. */
export const CV_FIELD = 'cv';

/** The fields typed or ticked, in the form's order (the opening is the page's, not typed). */
export const APPLICATION_FIELDS = [
  'name',
  'email',
  'phone',
  'location',
  'coverNote',
  'consent',
] as const;

export interface ApplicationDraft {
  name: string;
  email: string;
  phone: string;
  location: string;
  coverNote: string;
  /** The consent box, ticked or not. */
  consent: boolean;
}

export const emptyApplication = (): ApplicationDraft => ({
  name: '',
  email: '',
  phone: '',
  location: '',
  coverNote: '',
  consent: false,
});

/** Whether a draft holds anything typed (a ticked box alone is not worth keeping or announcing). */
export function draftHasText(values: ApplicationDraft): boolean {
  return APPLICATION_FIELDS.some((field) => field !== 'consent' && values[field].trim() !== '');
}
