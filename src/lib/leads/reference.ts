/**
 * A lead's reference, as its sender quotes it: the end of the lead's id in two groups of four
 * ("0000-ABCD"). The acknowledgement e-mail and the confirmation on the page say the same one.
 */
export function referenceOf(id: string): string {
  const tail = id.slice(-8).toUpperCase();
  return `${tail.slice(0, 4)}-${tail.slice(4)}`;
}

/** A reference's shape: what a page may show of one it was given in its address, and nothing else. */
const REFERENCE = /^[0-9A-Z]{4}-[0-9A-Z]{4}$/;

/** `value` when it is shaped like a reference, else undefined (never echo arbitrary text). */
export function referenceOrNothing(value: unknown): string | undefined {
  return typeof value === 'string' && REFERENCE.test(value) ? value : undefined;
}
