/**
 * Shared landscape parts: sky, sun, clouds, hills, backwater, ground, palms, trees, people.
 * Every scene is composed from these so that all pictures share one hand.
 */
import { C, T, at, circ, ell, g, line, n, op, path, rect, rng, smooth, stroke } from './core.ts';

export const sky = (w: number, h: number, fill: string = T.skyBg) => rect(0, 0, w, h, fill);

/** Sun disc with two soft halo rings. */
export function sun(x: number, y: number, r: number): string {
  return (
    op(0.18, circ(x, y, r * 2.3, C.paper)) +
    op(0.35, circ(x, y, r * 1.55, T.sunSoft)) +
    circ(x, y, r, C.sun)
  );
}

/** Flat-bottomed cloud; (x, y) is the middle of its base. */
export function cloud(x: number, y: number, s: number, fill: string = C.paper): string {
  return at(
    x,
    y,
    s,
    g(
      { fill, opacity: '.9' },
      path(
        'M-80 0a14 14 0 0 1 0-28h14a30 30 0 0 1 50-26a38 38 0 0 1 64 10a24 24 0 0 1 36 16h10a14 14 0 0 1 0 28z',
        fill,
      ),
    ),
  );
}

/** A band of rolling hills whose ridge wobbles around `base`, filled down to `bottom`. */
export function hills(
  w: number,
  base: number,
  amp: number,
  bumps: number,
  seed: string,
  fill: string,
  bottom: number,
): string {
  const r = rng(seed);
  const pts: [number, number][] = [];
  const step = w / bumps;
  for (let i = -1; i <= bumps + 1; i++) {
    const up = i % 2 === 0;
    const x = i * step + (r() - 0.5) * step * 0.35;
    const y = base - (up ? amp * (0.6 + r() * 0.4) : amp * r() * 0.25);
    pts.push([x, y]);
  }
  const d = smooth(pts);
  const last = pts[pts.length - 1]!;
  const first = pts[0]!;
  return path(`${d}L${n(last[0])} ${bottom}L${n(first[0])} ${bottom}Z`, fill);
}

/** Gently curved ground from `top` to the bottom edge. */
export function ground(
  w: number,
  h: number,
  top: number,
  fill: string,
  seed: string,
  wob = 14,
): string {
  const r = rng(seed);
  const pts: [number, number][] = [];
  const k = 4;
  for (let i = 0; i <= k; i++) pts.push([(i * w) / k, top + (r() - 0.5) * wob * 2]);
  pts[0] = [-20, pts[0]![1]];
  pts[k] = [w + 20, pts[k]![1]];
  return path(`${smooth(pts)}L${w + 20} ${h}L-20 ${h}Z`, fill);
}

/** Backwater band with short reflection strokes. */
export function water(
  w: number,
  y1: number,
  y2: number,
  seed: string,
  fill: string = T.water,
): string {
  const r = rng(seed);
  let lines = '';
  const rows = Math.max(2, Math.round((y2 - y1) / 22));
  for (let i = 0; i < rows; i++) {
    const y = y1 + ((i + 0.6) * (y2 - y1)) / rows;
    for (let j = 0; j < 3; j++) {
      const x = r() * w;
      const len = 30 + r() * 70;
      lines += `M${n(x)} ${n(y)}h${n(len)}`;
    }
  }
  return rect(0, y1, w, y2 - y1, fill) + stroke(lines, T.waterLight, 4, { opacity: '.8' });
}

/** Soft ground shadow under an object. */
export const shadow = (x: number, y: number, rx: number, ry = 10) =>
  op(0.14, ell(x, y, rx, ry, C.ink));

/** Coconut palm. (x, y) is the foot of the trunk; `lean` shifts the crown sideways. */
export function palm(
  x: number,
  y: number,
  h: number,
  lean: number,
  seed: string,
  dark = false,
): string {
  const r = rng(seed);
  const tx = x + lean;
  const ty = y - h;
  const trunk = stroke(
    `M${n(x)} ${n(y)}Q${n(x + lean * 0.15)} ${n(y - h * 0.55)} ${n(tx)} ${n(ty)}`,
    dark ? T.earthDark : C.earth,
    Math.max(6, h * 0.045),
  );
  const L = h * 0.42;
  const angles = [-20, 8, 35, 62, 118, 145, 172, 200];
  let fronds = '';
  let back = '';
  angles.forEach((deg, i) => {
    const a = ((deg + (r() - 0.5) * 12) * Math.PI) / 180;
    const len = L * (0.85 + r() * 0.3);
    const ca = Math.cos(a);
    const sa = Math.sin(a);
    const droop = len * (0.25 + 0.35 * (1 - Math.abs(sa)));
    const ex = tx + ca * len;
    const ey = ty - sa * len * 0.7 + droop;
    const mx = tx + ca * len * 0.55;
    const my = ty - sa * len * 0.55 - len * 0.16;
    const wdt = len * 0.13;
    const nx = -sa * wdt;
    const ny = -ca * wdt;
    const d = `M${n(tx)} ${n(ty)}Q${n(mx + nx)} ${n(my + ny)} ${n(ex)} ${n(ey)}Q${n(mx - nx)} ${n(my - ny)} ${n(tx)} ${n(ty)}Z`;
    if (i % 2) back += d;
    else fronds += d;
  });
  const nuts =
    circ(tx - 6, ty + 6, h * 0.025, T.earthDark) + circ(tx + 5, ty + 8, h * 0.025, C.earth);
  return (
    trunk + path(back, dark ? C.ink : C.forest) + nuts + path(fronds, dark ? C.forest : C.leaf)
  );
}

/** Round broadleaf tree; (x, y) is the foot. */
export function tree(
  x: number,
  y: number,
  s: number,
  fill: string = C.leaf,
  shade: string = C.forest,
): string {
  return at(
    x,
    y,
    s,
    rect(-5, -60, 10, 60, C.earth, 3),
    circ(-22, -78, 30, shade),
    circ(20, -80, 32, shade),
    circ(0, -104, 38, fill),
    circ(-26, -84, 26, fill),
    circ(24, -88, 26, fill),
    op(0.25, circ(-10, -116, 16, C.paper)),
  );
}

/** Tall oval tree (jackfruit/mango silhouette). */
export function tallTree(x: number, y: number, s: number, fill: string = C.forest): string {
  return at(
    x,
    y,
    s,
    rect(-4, -40, 8, 40, C.earth, 3),
    ell(0, -95, 30, 62, fill),
    op(0.2, ell(-9, -112, 10, 30, C.paper)),
  );
}

export function bush(x: number, y: number, s: number, fill: string = C.forest): string {
  return at(x, y, s, path('M-46 0a22 22 0 0 1 18-30a26 26 0 0 1 48-6a20 20 0 0 1 26 36z', fill));
}

/** Small tuft of grass blades. */
export const tuft = (x: number, y: number, fill: string = C.leaf) =>
  path(`M${n(x - 10)} ${n(y)}q6-8 4-22q6 10 6 22q2-14 10-24q-2 14-2 24q4-8 12-12q-6 6-6 12z`, fill);

/** Seagull-style birds. */
export const birds = (x: number, y: number, s = 1) =>
  at(
    x,
    y,
    s,
    stroke('M0 0q8-8 16 0q8-8 16 0M44-20q6-6 12 0q6-6 12 0', C.ink, 3, { opacity: '.55' }),
  );

export type Pose = 'stand' | 'bend' | 'sit' | 'arms' | 'walk' | 'yoga';

/** Simple faceless figure, ~84 px tall at s = 1. (x, y) is between the feet. */
export function person(
  x: number,
  y: number,
  s: number,
  shirt: string,
  pose: Pose = 'stand',
  pants: string = C.ink,
): string {
  const skin = C.earth;
  const hair = C.ink;
  let body = '';
  if (pose === 'sit') {
    body =
      line([-8, -26, 10, -26, 12, 0], pants, 9) +
      path('M-14-28v-22a12 12 0 0 1 24 0v22z', shirt) +
      line([-10, -46, 0, -34, 14, -36], skin, 6) +
      circ(-2, -68, 10, skin) +
      path('M-12-70a10 10 0 0 1 20 0q-10-6-20 0z', hair);
  } else if (pose === 'bend') {
    body =
      line([-6, -36, -10, 0], pants, 9) +
      line([6, -36, 8, 0], pants, 9) +
      path('M-12-32l30-30a12 12 0 0 1 14 16l-30 26z', shirt) +
      line([24, -50, 34, -24, 32, -10], skin, 6) +
      circ(42, -62, 10, skin) +
      path('M34-68a10 10 0 0 1 17 4q-9 0-17-4z', hair);
  } else if (pose === 'yoga') {
    body =
      line([0, -34, 0, 0], pants, 9) +
      line([0, -34, 14, -20, 2, -14], pants, 8) +
      path('M-11-30v-24a11 11 0 0 1 22 0v24z', shirt) +
      line([-6, -56, -8, -80, 0, -96], skin, 6) +
      line([6, -56, 8, -80, 0, -96], skin, 6) +
      circ(0, -68, 10, skin) +
      path('M-10-70a10 10 0 0 1 20 0q-10-6-20 0z', hair);
  } else {
    const walk = pose === 'walk';
    body =
      line([-5, -34, walk ? -12 : -6, 0], pants, 9) +
      line([5, -34, walk ? 12 : 6, 0], pants, 9) +
      path('M-12-30v-24a12 12 0 0 1 24 0v24z', shirt) +
      (pose === 'arms'
        ? line([-10, -52, -22, -70], skin, 6) + line([10, -52, 22, -70], skin, 6)
        : line([-12, -50, -16, -30], skin, 6) + line([12, -50, 16, -30], skin, 6)) +
      circ(0, -70, 10, skin) +
      path('M-10-72a10 10 0 0 1 20 0q-10-6-20 0z', hair);
  }
  return at(x, y, s, body);
}

/** Kerala houseboat (kettuvallam); (x, y) is the waterline centre. */
export function houseboat(x: number, y: number, s: number): string {
  return at(
    x,
    y,
    s,
    path('M-150-30q150 22 300 0q-10 38-40 42h-220q-30-4-40-42z', T.earthDark),
    path('M-110-22q0-44 40-50h140q40 6 40 50z', T.sunPale),
    path('M-110-22q0-44 40-50h140q40 6 40 50', 'none', { stroke: C.earth, 'stroke-width': 6 }),
    rect(-80, -44, 26, 16, T.earthDark, 4),
    rect(-36, -44, 26, 16, T.earthDark, 4),
    rect(8, -44, 26, 16, T.earthDark, 4),
    rect(52, -44, 26, 16, T.earthDark, 4),
    op(0.5, ell(0, 16, 150, 5, T.waterDeep)),
  );
}

/** Small country boat with a rower. */
export function canoe(x: number, y: number, s: number): string {
  return at(
    x,
    y,
    s,
    person(0, -8, 0.7, C.sun, 'sit'),
    line([22, -44, 40, 14], C.earth, 4),
    path('M-60-10q60 14 120 0q-8 16-24 18h-72q-16-2-24-18z', T.earthDark),
  );
}

/** Kerala-style cottage with a steep hipped roof; (x, y) is the foot centre. */
export function cottage(x: number, y: number, s: number, roof: string = C.earth): string {
  return at(
    x,
    y,
    s,
    rect(-50, -52, 100, 52, C.paper),
    rect(-50, -12, 100, 12, T.mistShade),
    rect(-14, -40, 28, 40, T.earthDark, 3),
    rect(-40, -38, 18, 16, C.sky, 2),
    rect(22, -38, 18, 16, C.sky, 2),
    path('M-74-46l36-44h76l36 44z', roof),
    path('M-38-90l-12 14h100l-12-14z', T.earthDark, { opacity: '.35' }),
  );
}

/** A plain gabled building block. (x, y) is the bottom-left corner. */
export function shed(
  x: number,
  y: number,
  w: number,
  h: number,
  wall: string,
  roof: string,
  over = 16,
): string {
  return (
    rect(x, y - h, w, h, wall) +
    path(
      `M${n(x - over)} ${n(y - h + 4)}L${n(x + w / 2)} ${n(y - h - w * 0.18)}L${n(x + w + over)} ${n(y - h + 4)}z`,
      roof,
    )
  );
}
