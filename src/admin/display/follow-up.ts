/** Follow-up texts and the status sort of the enquiries table. */
import { NOTE_MAX_LENGTH, STATUSES, type Status } from '../../lib/schemas';

const ORDER: readonly Status[] = STATUSES;

/** What the modal says once a 409 made it read the record again. */
export function conflictMessage(word: string): string {
  return `This ${word} was changed elsewhere; it has been reloaded.`;
}

/** The note box's counter, counted as the server counts: trimmed, UTF-16 units. */
export function noteCount(text: string): string {
  const used = text.trim().length;
  return `${used.toLocaleString('en-US')} / ${NOTE_MAX_LENGTH.toLocaleString('en-US')} characters`;
}

export type StatusSort = 'none' | 'ascending' | 'descending';

/**
 * The rows in status order (New → Lost, the order a lead moves through them), or reversed; ties
 * keep their order (newest first). A record without a status counts as New.
 */
export function sortByStatus<T extends { status?: Status }>(
  items: readonly T[],
  sort: StatusSort,
): T[] {
  if (sort === 'none') return [...items];
  const rank = (item: T) => ORDER.indexOf(item.status ?? 'New');
  const sign = sort === 'ascending' ? 1 : -1;
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => sign * (rank(a.item) - rank(b.item)) || a.index - b.index)
    .map(({ item }) => item);
}

/** The Order control's choices: each says the order it shows. */
export const SORT_LABELS: Record<StatusSort, string> = {
  none: 'Newest first',
  ascending: 'Status, New to Lost',
  descending: 'Status, Lost to New',
};

/**
 * A header's aria-sort for the order shown: Date while the page is newest first (the server's
 * order), Status while it is sorted by status; no other column is ever sorted.
 */
export function headerSort(
  column: string,
  sort: StatusSort,
): 'ascending' | 'descending' | undefined {
  if (column === 'Date') return sort === 'none' ? 'descending' : undefined;
  if (column === 'Status' && sort !== 'none') return sort;
  return undefined;
}
