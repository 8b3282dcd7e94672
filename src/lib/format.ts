/** Slide numbers are shown with two digits: 1 → "01". */
export function twoDigits(n: number): string {
  return String(n).padStart(2, '0');
}
