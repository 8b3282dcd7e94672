/**
 * Feature objects (machines, buildings, beds, vehicles) drawn in the shared flat style.
 * Each takes a position on the ground; most draw in local coordinates through `at()`.
 */
import { C, T, at, circ, ell, g, line, n, op, path, poly, rect, rng, stroke, tag } from './core.ts';
import { person } from './parts.ts';

/** Row of tilted solar panels: (x, y) is the bottom-left of the panel face. */
export function solarRow(
  x: number,
  y: number,
  w: number,
  h: number,
  cols: number,
  leg = 16,
): string {
  const sk = h * 0.55;
  const top = y - h;
  let cells = '';
  for (let i = 1; i < cols; i++) {
    const fx = x + (i * w) / cols;
    cells += `M${n(fx + sk)} ${n(top)}L${n(fx)} ${n(y)}`;
  }
  cells += `M${n(x + sk / 2)} ${n(y - h / 2)}H${n(x + w + sk / 2)}`;
  let legs = '';
  const nl = Math.max(2, Math.round(cols / 2));
  for (let i = 0; i <= nl; i++) {
    const lx = x + 10 + ((w - 20) * i) / nl;
    legs += `M${n(lx)} ${n(y)}v${n(leg)}M${n(lx + sk * 0.6)} ${n(y - h * 0.4)}v${n(leg + h * 0.4)}`;
  }
  return (
    stroke(legs, C.ink, Math.max(3, h * 0.07)) +
    poly([x + sk, top, x + w + sk, top, x + w, y, x, y], C.sky) +
    stroke(cells, T.waterLight, Math.max(1.5, h * 0.045), { opacity: '.55' }) +
    poly(
      [x, y, x + w, y, x + w + 2, y + Math.max(4, h * 0.1), x + 2, y + Math.max(4, h * 0.1)],
      C.mist,
    )
  );
}

/** Wind turbine; (x, y) is the tower foot; `rot` turns the rotor. */
export function turbine(x: number, y: number, h: number, rot: number): string {
  const L = h * 0.48;
  const bw = Math.max(4, h * 0.028);
  const blade = `M0 0C${n(L * 0.09)} ${n(-L * 0.2)} ${n(L * 0.07)} ${n(-L * 0.7)} ${n(L * 0.015)} ${n(-L)}L${n(-L * 0.02)} ${n(-L)}C${n(-L * 0.03)} ${n(-L * 0.6)} ${n(-L * 0.06)} ${n(-L * 0.25)} 0 0z`;
  const blades = [0, 120, 240]
    .map((a) => path(blade, C.paper, { transform: `rotate(${n(rot + a)})` }))
    .join('');
  return (
    poly([x - bw, y, x + bw, y, x + bw * 0.45, y - h, x - bw * 0.45, y - h], C.paper) +
    poly([x, y, x + bw, y, x + bw * 0.45, y - h, x, y - h], T.mistShade) +
    rect(x - bw * 1.2, y - h - bw * 1.3, bw * 4.6, bw * 2.4, C.mist, bw) +
    g({ transform: `translate(${n(x)} ${n(y - h)})` }, blades, circ(0, 0, bw * 1.25, T.mistShade))
  );
}

/** Rounded-top storage tank / vessel. */
export function vessel(
  x: number,
  y: number,
  w: number,
  h: number,
  body: string,
  band: string,
): string {
  return (
    path(
      `M${n(x)} ${n(y)}V${n(y - h + w * 0.25)}Q${n(x + w / 2)} ${n(y - h - w * 0.1)} ${n(x + w)} ${n(y - h + w * 0.25)}V${n(y)}z`,
      body,
    ) + rect(x, y - h * 0.55, w, Math.max(8, h * 0.08), band)
  );
}

/** Horizontal capsule tank on two saddles. */
export function capsule(
  x: number,
  y: number,
  w: number,
  h: number,
  body: string,
  band: string,
): string {
  return (
    rect(x + w * 0.18, y - 14, 16, 14, T.earthDark, 2) +
    rect(x + w * 0.78, y - 14, 16, 14, T.earthDark, 2) +
    rect(x, y - 14 - h, w, h, body, h / 2) +
    rect(x + w * 0.3, y - 14 - h, 14, h, band) +
    op(0.25, rect(x + h * 0.4, y - 14 - h * 0.8, w - h * 0.8, h * 0.16, C.paper, h * 0.08))
  );
}

/** Dome (biogas digester); (x, y) is the middle of its base. */
export function dome(
  x: number,
  y: number,
  rx: number,
  ry: number,
  light: string,
  shade: string,
): string {
  return (
    path(`M${n(x - rx)} ${n(y)}A${n(rx)} ${n(ry)} 0 0 1 ${n(x + rx)} ${n(y)}z`, shade) +
    path(
      `M${n(x - rx)} ${n(y)}A${n(rx * 0.86)} ${n(ry * 0.97)} 0 0 1 ${n(x + rx * 0.72)} ${n(y)}z`,
      light,
    ) +
    rect(x - rx - 6, y - 8, rx * 2 + 12, 12, T.earthLight, 3)
  );
}

/** Long compost windrow; (x0..x1, y) is its base. */
export function windrow(
  x0: number,
  x1: number,
  y: number,
  h: number,
  fill: string,
  dots: string,
  seed: string,
): string {
  const r = rng(seed);
  let specks = '';
  for (let i = 0; i < (x1 - x0) / 40; i++) {
    const px = x0 + h + r() * (x1 - x0 - 2 * h);
    const py = y - r() * h * 0.7 - 6;
    specks += `M${n(px)} ${n(py)}h${n(4 + r() * 6)}`;
  }
  return (
    path(
      `M${n(x0)} ${n(y)}Q${n(x0 + h * 0.2)} ${n(y - h)} ${n(x0 + h * 1.2)} ${n(y - h)}H${n(x1 - h * 1.2)}Q${n(x1 - h * 0.2)} ${n(y - h)} ${n(x1)} ${n(y)}z`,
      fill,
    ) + stroke(specks, dots, Math.max(2, h * 0.06))
  );
}

/** Waste bin with lid; (x, y) is the foot centre. */
export function bin(x: number, y: number, s: number, fill: string): string {
  return at(
    x,
    y,
    s,
    path('M-22 0l-4-50h52l-4 50z', fill),
    rect(-30, -58, 60, 10, fill, 4),
    op(0.35, rect(-12, -40, 24, 18, C.paper, 4)),
    circ(-14, 2, 5, C.ink),
    circ(14, 2, 5, C.ink),
  );
}

/** Sack of produce or compost. */
export const sack = (x: number, y: number, s: number, fill: string = T.earthLight) =>
  at(
    x,
    y,
    s,
    rect(-30, -42, 60, 42, fill, 12),
    path('M-12-40l-6-12h36l-6 12z', fill),
    line([-10, -41, 10, -41], T.earthDark, 4),
    line([-18, -14, 18, -14], T.earthPale, 3),
  );

/** Oil drum. */
export const drum = (x: number, y: number, s: number, fill: string = C.earth) =>
  at(
    x,
    y,
    s,
    rect(-20, -54, 40, 54, fill, 4),
    rect(-20, -40, 40, 5, T.earthDark),
    rect(-20, -18, 40, 5, T.earthDark),
  );

/** Jar with a lid. */
export const jar = (x: number, y: number, s: number, fill: string, lid: string = C.forest) =>
  at(
    x,
    y,
    s,
    rect(-12, -30, 24, 30, fill, 6),
    rect(-10, -36, 20, 8, lid, 2),
    op(0.35, rect(-7, -24, 5, 16, C.paper, 2)),
  );

/** Excavator facing left; (x, y) is the track bottom centre. */
export function excavator(x: number, y: number, s: number): string {
  return at(
    x,
    y,
    s,
    rect(-70, -24, 140, 24, C.ink, 12),
    circ(-52, -12, 7, T.mistShade),
    circ(52, -12, 7, T.mistShade),
    circ(0, -12, 7, T.mistShade),
    rect(-50, -62, 110, 40, C.sun, 6),
    rect(-6, -104, 52, 46, C.sun, 6),
    rect(4, -96, 32, 22, T.waterLight, 3),
    stroke('M-34-50L-100-130L-150-60', C.ink, 14),
    path('M-168-66l34-10l4 30q-20 8-38-20z', C.ink),
    circ(-100, -130, 9, C.ink),
  );
}

/** Small bulldozer facing right. */
export function dozer(x: number, y: number, s: number): string {
  return at(
    x,
    y,
    s,
    rect(-50, -22, 100, 22, C.ink, 11),
    rect(-40, -56, 70, 36, C.sun, 5),
    rect(-36, -92, 40, 38, C.sun, 5),
    rect(-28, -84, 24, 18, T.waterLight, 3),
    path('M52-4v-52q12 0 14 12v44z', T.mistShade),
    line([30, -40, 56, -30], C.ink, 6),
  );
}

/** Delivery / tanker truck facing left; (x, y) is the wheel line. */
export function truck(x: number, y: number, s: number, load: string, tank = false): string {
  return at(
    x,
    y,
    s,
    path('M-110-14v-50q0-10 10-14l24-24h34v88z', C.paper),
    path('M-96-62l22-24h24v24z', T.waterLight),
    tank ? rect(-36, -84, 150, 62, load, 31) : path('M-36-14v-80h150v80z', load),
    rect(-112, -22, 230, 12, C.ink, 4),
    circ(-74, -8, 18, C.ink),
    circ(-74, -8, 7, T.mistShade),
    circ(80, -8, 18, C.ink),
    circ(80, -8, 7, T.mistShade),
  );
}

/** Cow facing left; (x, y) is the hoof line. */
export function cow(x: number, y: number, s: number): string {
  return at(
    x,
    y,
    s,
    line([-40, -40, -40, 0], C.ink, 8),
    line([-22, -40, -24, 0], C.ink, 8),
    line([28, -40, 30, 0], C.ink, 8),
    line([44, -40, 44, 0], C.ink, 8),
    stroke('M54-66q14 10 10 36', C.ink, 4),
    rect(-50, -86, 106, 52, C.paper, 24),
    path('M8-86h30q10 20-6 30q-24 4-24-30z', T.earthLight),
    ell(-64, -86, 17, 21, C.paper),
    path('M-76-72q12 14 24 0v-4h-24z', T.earthLight),
    stroke('M-76-102q-8-6-4-14M-52-102q8-6 4-14', T.earthDark, 4),
    circ(-68, -90, 3, C.ink),
  );
}

/** Bicycle; (x, y) is the ground line under its middle. */
export function bicycle(x: number, y: number, s: number, frame: string): string {
  return at(
    x,
    y,
    s,
    ring(-34, -26, 24, C.ink, 6),
    ring(34, -26, 24, C.ink, 6),
    line([-34, -26, -6, -26, 20, -58, -14, -58, -6, -26], frame, 6),
    line([34, -26, 24, -66, 12, -68], frame, 6),
    line([-20, -66, -6, -66], C.ink, 7),
  );
}

/** Circle outline. */
export const ring = (cx: number, cy: number, r: number, color: string, w: number) =>
  tag('circle', { cx, cy, r, fill: 'none', stroke: color, 'stroke-width': w });

/** Small leafy sapling. */
export const sapling = (x: number, y: number, s: number) =>
  at(
    x,
    y,
    s,
    ell(0, 0, 20, 6, C.earth),
    line([0, 0, 0, -34], C.forest, 4),
    path('M0-22q-22-2-24-18q18-2 24 18z', C.leaf),
    path('M0-30q18-4 22-20q-18-2-22 20z', C.leaf),
  );

/** Banana plant: green pseudo-stem with broad drooping leaves. */
export function banana(x: number, y: number, s: number): string {
  const leaves: [number, number, string][] = [
    [-8, 130, C.forest],
    [188, 130, C.forest],
    [30, 120, C.leaf],
    [150, 120, C.leaf],
    [70, 110, C.leaf],
    [108, 100, C.forest],
  ];
  let d = '';
  const out: string[] = [];
  for (const [deg, len, col] of leaves) {
    const a = (deg * Math.PI) / 180;
    const ca = Math.cos(a);
    const sa = Math.sin(a);
    const droop = len * 0.45 * (1 - Math.abs(sa));
    const ex = ca * len;
    const ey = -100 - sa * len * 0.8 + droop;
    const mx = ca * len * 0.5;
    const my = -100 - sa * len * 0.5 - len * 0.2;
    const w = len * 0.2;
    d = `M0-100Q${n(mx - sa * w)} ${n(my - ca * w)} ${n(ex)} ${n(ey)}Q${n(mx + sa * w)} ${n(my + ca * w)} 0-100Z`;
    out.push(path(d, col));
  }
  return at(x, y, s, path('M-10 0l3-104h14l3 104z', T.grassDeep), ...out);
}

/** A row of reed clumps with seed heads, as three merged paths. */
export function reedRow(
  x0: number,
  x1: number,
  step: number,
  y: number,
  s: number,
  seed: string,
): string {
  const r = rng(seed);
  let light = '';
  let dark = '';
  let heads = '';
  for (let x = x0; x < x1; x += step) {
    let d = '';
    for (let i = 0; i < 4; i++) {
      const bx = x + ((i - 1.5) * 7 + (r() - 0.5) * 4) * s;
      const h = (46 + r() * 30) * s;
      const bend = (r() - 0.5) * 16 * s;
      d += `M${n(bx)} ${y}q${n(bend / 2)} ${n(-h / 2)} ${n(bend)} ${n(-h)}`;
      if (i % 2 === 0) heads += `M${n(bx + bend)} ${n(y - h)}v${n(-12 * s)}`;
    }
    if (r() > 0.5) light += d;
    else dark += d;
  }
  return (
    stroke(light, C.leaf, Math.max(2, 4 * s)) +
    stroke(dark, C.forest, Math.max(2, 4 * s)) +
    stroke(heads, C.earth, Math.max(3, 7 * s))
  );
}

/** Light bulb emblem with a leaf inside. */
export function bulb(x: number, y: number, s: number): string {
  return at(
    x,
    y,
    s,
    op(0.3, circ(0, 0, 80, T.sunSoft)),
    path('M-26 46q-4-22-18-36a56 56 0 1 1 88 0q-14 14-18 36z', C.sun),
    rect(-24, 50, 48, 10, T.mistShade, 4),
    rect(-20, 64, 40, 10, T.mistShade, 4),
    path('M-20 20q-4-46 40-50q6 46-40 50z', C.forest),
    line([-14, 14, 8, -10], T.sunSoft, 3),
  );
}

/** Tap on a post with a falling drop. */
export function tap(x: number, y: number, s: number): string {
  return at(
    x,
    y,
    s,
    rect(-10, -110, 20, 110, C.paper),
    rect(-10, -110, 6, 110, T.mistShade),
    path('M6-98h30q10 0 10 10v8h-12v-4h-28z', C.ink),
    path('M40-66q8 12 8 18a8 8 0 0 1-16 0q0-6 8-18z', C.sky),
    ell(40, 0, 26, 7, T.water),
  );
}

/** A large water drop emblem. */
export const drop = (x: number, y: number, s: number, fill: string) =>
  at(x, y, s, path('M0-40q26 32 26 48a26 26 0 0 1-52 0q0-16 26-48z', fill));

/** Striped awning / bunting helpers. */
export function bunting(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  sag: number,
  colors: string[],
): string {
  const k = 9;
  let flags = '';
  for (let i = 1; i < k; i++) {
    const t = i / k;
    const px = x1 + (x2 - x1) * t;
    const py = y1 + (y2 - y1) * t + 4 * sag * t * (1 - t);
    flags += poly([px - 11, py, px + 11, py, px, py + 24], colors[i % colors.length] ?? C.sun);
  }
  return (
    stroke(
      `M${n(x1)} ${n(y1)}Q${n((x1 + x2) / 2)} ${n((y1 + y2) / 2 + 2 * sag)} ${n(x2)} ${n(y2)}`,
      C.ink,
      2,
    ) + flags
  );
}

export const dashed = (d: string, color: string, w: number) =>
  stroke(d, color, w, { 'stroke-dasharray': `${n(w * 0.1)} ${n(w * 3)}` });

export { tag, person };
