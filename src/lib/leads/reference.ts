/**
 * A lead's reference, as its sender quotes it: the end of the lead's id in two groups of four
 * ("0000-ABCD"). The acknowledgement e-mail and the confirmation on the page say the same one.
 */
export function referenceOf(id: string): string {
  const tail = id.slice(-8).toUpperCase();
  return `${tail.slice(0, 4)}-${tail.slice(4)}`;
}
