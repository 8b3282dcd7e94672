/** Pages of the admin lists: how many, which to show after a delete, which buttons. */

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The page to show when the list has `total` items: the same page while it exists,
 * else the last page, which is page 1 for an empty list.
 */
export function pageWithin(page: number, total: number, pageSize: number): number {
  return Math.min(Math.max(1, page), pageCount(total, pageSize));
}

/**
 * The page buttons to offer: every page when there are few, else the first, the last and the
 * neighbours of the current one, with `null` where pages are left out.
 */
export function pageButtons(current: number, pages: number): (number | null)[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, index) => index + 1);
  const shown = new Set([1, pages, current - 1, current, current + 1]);
  const list: (number | null)[] = [];
  for (let page = 1; page <= pages; page += 1) {
    if (shown.has(page)) list.push(page);
    else if (list.at(-1) !== null) list.push(null);
  }
  return list;
}
