/** What a list's answer could not cover, said above the list. */

/**
 * What the list's answer could not cover: records too new to have been searched yet, and
 * records set aside as unreadable. Empty when the answer was complete.
 */
export function indexNotice(
  pending: number,
  quarantined: readonly string[],
  searched: boolean,
): string {
  const parts: string[] = [];
  if (pending > 0) {
    const records = pending === 1 ? '1 new record is' : `${pending} new records are`;
    parts.push(
      searched
        ? `${records} still being indexed and not searched yet: search again in a moment.`
        : `${records} still being indexed: the list shows them, the New count may change.`,
    );
  }
  if (quarantined.length > 0) {
    const shown = quarantined.slice(0, 5).join(', ');
    const more = quarantined.length > 5 ? ` and ${quarantined.length - 5} more` : '';
    parts.push(
      `${quarantined.length === 1 ? '1 stored record' : `${quarantined.length} stored records`} ` +
        `could not be read and ${quarantined.length === 1 ? 'was' : 'were'} set aside ` +
        `(${shown}${more}); a developer can inspect ${quarantined.length === 1 ? 'it' : 'them'} ` +
        'in storage as _quarantine-<id>.',
    );
  }
  return parts.join(' ');
}
