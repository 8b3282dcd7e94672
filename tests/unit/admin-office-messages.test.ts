/**
 * Messages the office understands: the Backups line in two voices (src/admin/display/backup.ts),
 * the enquiries' Order control and the aria-sort it puts on the headers (display/follow-up.ts),
 * and the one rule for which passkey may be removed (src/lib/passkey-removal.ts), which the
 * server applies too.
 */
import { describe, expect, it } from 'vitest';
import { BACKUP_WHO_TO_TELL, backupMessage } from '../../src/admin/display/backup';
import { SORT_LABELS, headerSort } from '../../src/admin/display/follow-up';
import { ONLY_PASSKEY_HINT } from '../../src/admin/display/security';
import { formatDate } from '../../src/admin/display/values';
import { passkeyRemovable } from '../../src/lib/passkey-removal';

const HOUR = 3_600_000;
const NOW = Date.parse('2026-11-28T10:00:00.000Z');
const backupAt = (hoursAgo: number) => ({
  at: new Date(NOW - hoursAgo * HOUR).toISOString(),
  stores: { enquiries: 3 },
  bytes: 10,
});

/** Words only the operator should meet. */
const JARGON = /blob|cron|workflow|github|readme|netlify|npm|\.ya?ml|api/i;

describe('the Backups line', () => {
  it('is one quiet line when a backup ran within the limit', () => {
    const last = backupAt(2);
    expect(backupMessage({ last, overdue: false }, NOW)).toEqual({
      warning: false,
      office: `Last backup: ${formatDate(last.at)}.`,
    });
  });

  it('says how old an overdue backup is, and who to tell', () => {
    const message = backupMessage({ last: backupAt(9 * 24 + 5), overdue: true }, NOW);
    expect(message.warning).toBe(true);
    expect(message.office).toBe(`The last backup is 9 days old. ${BACKUP_WHO_TO_TELL}`);
    expect(backupMessage({ last: backupAt(49), overdue: true }, NOW).office).toMatch(
      /^The last backup is 2 days old\./,
    );
    expect(backupMessage({ last: backupAt(25), overdue: true }, NOW).office).toMatch(
      /^The last backup is 1 day old\./,
    );
  });

  it('says when none was ever made, and who to tell', () => {
    const message = backupMessage({ last: null, overdue: true }, NOW);
    expect(message.warning).toBe(true);
    expect(message.office).toBe(
      `No backup of the website’s data has been made yet. ${BACKUP_WHO_TO_TELL}`,
    );
  });

  it('keeps the technical pointer for the operator, out of the office’s words', () => {
    const last = backupAt(9 * 24);
    for (const message of [
      backupMessage({ last, overdue: true }, NOW),
      backupMessage({ last: null, overdue: true }, NOW),
    ]) {
      expect(message.office).not.toMatch(JARGON);
      expect(message.operator).toMatch(/README, section “Backups”/);
    }
    expect(backupMessage({ last, overdue: true }, NOW).operator).toMatch(
      new RegExp(
        `^No backup since ${formatDate(last.at)} \\(the limit is 48 hours\\): check the backup workflow on GitHub`,
      ),
    );
  });
});

describe('the Order control of the enquiries', () => {
  it('names the order each choice shows', () => {
    expect(SORT_LABELS).toEqual({
      none: 'Newest first',
      ascending: 'Status, New to Lost',
      descending: 'Status, Lost to New',
    });
  });

  it('marks Date descending while newest first, and only Status while sorted by status', () => {
    const columns = ['Date', 'Full Name', 'Status', 'Actions'];
    const marks = (sort: 'none' | 'ascending' | 'descending') =>
      columns.map((column) => headerSort(column, sort));
    expect(marks('none')).toEqual(['descending', undefined, undefined, undefined]);
    expect(marks('ascending')).toEqual([undefined, undefined, 'ascending', undefined]);
    expect(marks('descending')).toEqual([undefined, undefined, 'descending', undefined]);
  });
});

describe('which passkey may be removed', () => {
  it('never the only one of this address; any one of two or more', () => {
    expect([0, 1, 2, 5].map(passkeyRemovable)).toEqual([false, false, true, true]);
  });

  it('says why Remove is not there, in a few words', () => {
    expect(ONLY_PASSKEY_HINT).toBe('Your only passkey here: add another one before you remove it.');
  });
});
