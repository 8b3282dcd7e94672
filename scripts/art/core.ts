/**
 * Palette and tiny SVG string helpers shared by every scene.
 * All coordinates are rounded to whole pixels so the output stays small and stable.
 */

export const C = {
  forest: '#1F5132',
  leaf: '#2E7D4F',
  sun: '#F2B632',
  sky: '#1B6A8C',
  earth: '#8A5A2B',
  mist: '#E8EFE9',
  paper: '#FAFAF5',
  ink: '#17211B',
} as const;

function hexToRgb(hex: string): [number, number, number] {
  const v = parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** Mix colour `a` with `b`; `t` is the share of `a` (1 = pure a). */
export function mix(a: string, b: string, t: number): string {
  const x = hexToRgb(a);
  const y = hexToRgb(b);
  const out = x.map((c, i) => Math.round(c * t + (y[i] ?? 0) * (1 - t)));
  return (
    '#' +
    out
      .map((c) => c.toString(16).padStart(2, '0'))
      .join('')
      .toUpperCase()
  );
}

/** Lighter tints (and two shades) of the brand colours. */
export const T = {
  skyBg: mix(C.sky, C.paper, 0.17),
  skyDeep: mix(C.sky, C.paper, 0.42),
  sunPale: mix(C.sun, C.paper, 0.35),
  sunSoft: mix(C.sun, C.paper, 0.65),
  hillFar: mix(C.leaf, mix(C.sky, C.paper, 0.17), 0.3),
  hillMid: mix(C.leaf, C.paper, 0.55),
  grass: mix(C.leaf, C.paper, 0.4),
  grassDeep: mix(C.leaf, C.paper, 0.7),
  water: mix(C.sky, C.paper, 0.5),
  waterDeep: mix(C.sky, C.paper, 0.75),
  waterLight: mix(C.sky, C.paper, 0.22),
  earthPale: mix(C.earth, C.paper, 0.3),
  earthLight: mix(C.earth, C.paper, 0.6),
  earthDark: mix(C.earth, C.ink, 0.6),
  mistShade: mix(C.forest, C.mist, 0.16),
  skyDark: mix(C.sky, C.ink, 0.62),
  leafLight: mix(C.leaf, C.paper, 0.25),
} as const;

export const n = (v: number): number => Math.round(v);

type Attrs = Record<string, string | number | undefined>;

function attrs(a: Attrs): string {
  let s = '';
  for (const [k, v] of Object.entries(a)) {
    if (v === undefined) continue;
    s += ` ${k}="${typeof v === 'number' ? n(v) : v}"`;
  }
  return s;
}

export function tag(name: string, a: Attrs, inner?: string): string {
  return inner === undefined ? `<${name}${attrs(a)}/>` : `<${name}${attrs(a)}>${inner}</${name}>`;
}

export const rect = (x: number, y: number, w: number, h: number, fill: string, rx?: number) =>
  tag('rect', { x, y, width: w, height: h, rx, fill });

export const circ = (cx: number, cy: number, r: number, fill: string) =>
  tag('circle', { cx, cy, r, fill });

export const ell = (cx: number, cy: number, rx: number, ry: number, fill: string) =>
  tag('ellipse', { cx, cy, rx, ry, fill });

export const path = (d: string, fill: string, extra: Attrs = {}) =>
  tag('path', { d, fill, ...extra });

export const poly = (pts: number[], fill: string) =>
  tag('polygon', { points: pts.map(n).join(' '), fill });

/** Open stroked line through points, round caps. */
export const line = (pts: number[], stroke: string, width: number, extra: Attrs = {}) =>
  tag('polyline', {
    points: pts.map(n).join(' '),
    fill: 'none',
    stroke,
    'stroke-width': width,
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    ...extra,
  });

/** Stroked path, round caps, no fill. */
export const stroke = (d: string, color: string, width: number, extra: Attrs = {}) =>
  tag('path', {
    d,
    fill: 'none',
    stroke: color,
    'stroke-width': width,
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    ...extra,
  });

export const g = (a: Attrs, ...kids: string[]) => tag('g', a, kids.join(''));

/** Translate (and optionally scale) a group. */
export const at = (x: number, y: number, s: number, ...kids: string[]) =>
  g(
    {
      transform: s === 1 ? `translate(${n(x)} ${n(y)})` : `translate(${n(x)} ${n(y)}) scale(${s})`,
    },
    ...kids,
  );

export const mirror = (cx: number, ...kids: string[]) =>
  g({ transform: `translate(${n(cx * 2)} 0) scale(-1 1)` }, ...kids);

export const op = (o: number, ...kids: string[]) =>
  g({ opacity: String(o).replace(/^0\./, '.') }, ...kids);

/** Deterministic PRNG (mulberry32) seeded from a string. */
export function rng(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Smooth curve (Catmull-Rom as cubic Béziers) through points, as path commands after an M. */
export function smooth(pts: [number, number][]): string {
  const first = pts[0];
  if (!first) return '';
  let d = `M${n(first[0])} ${n(first[1])}`;
  for (let i = 0; i < pts.length - 1; i++) {
    const p0 = pts[i - 1] ?? pts[i]!;
    const p1 = pts[i]!;
    const p2 = pts[i + 1]!;
    const p3 = pts[i + 2] ?? p2;
    const c1x = p1[0] + (p2[0] - p0[0]) / 6;
    const c1y = p1[1] + (p2[1] - p0[1]) / 6;
    const c2x = p2[0] - (p3[0] - p1[0]) / 6;
    const c2y = p2[1] - (p3[1] - p1[1]) / 6;
    d += `C${n(c1x)} ${n(c1y)} ${n(c2x)} ${n(c2y)} ${n(p2[0])} ${n(p2[1])}`;
  }
  return d;
}

/** An SVG document drawn in `w` × `h` units, declaring `scale` times that as its size. */
export function svgDoc(w: number, h: number, body: string, scale = 1): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w * scale}" height="${h * scale}" aria-hidden="true">` +
    body +
    '</svg>\n'
  );
}
