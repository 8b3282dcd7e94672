/**
 * The brand mark: a two-tone leaf rising in front of the sun. Square, no text.
 * Drawn on a 64-unit grid so it stays crisp down to a 16 px favicon.
 */
import { C } from './core.ts';

/** Mark shapes on a 0..64 grid. */
export const markBody =
  `<circle cx="42" cy="21" r="15" fill="${C.sun}"/>` +
  `<path d="M8 58C5 36 22 22 48 22C48 44 30 60 8 58Z" fill="${C.leaf}"/>` +
  `<path d="M8 58C22 46 34 34 48 22C48 44 30 60 8 58Z" fill="${C.forest}"/>` +
  `<path d="M12 54Q24 42 38 31" fill="none" stroke="${C.paper}" stroke-width="2.5" stroke-linecap="round"/>`;

export function markSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">${markBody}</svg>\n`;
}

/**
 * The mark on a square background, for icons. `inset` is the share of the side the mark
 * takes (maskable icons keep it inside the central safe circle).
 */
export function iconSvg(size: number, inset: number, bg: string, radius = 0): string {
  const s = (size * inset) / 64;
  const off = (size - size * inset) / 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}">` +
    `<rect width="${size}" height="${size}" rx="${radius}" fill="${bg}"/>` +
    `<g transform="translate(${off} ${off}) scale(${s})">${markBody}</g></svg>`
  );
}
