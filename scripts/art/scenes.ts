/**
 * The illustrated scenes: one shared landscape template plus one feature per scene.
 * Scenes are 1200 x 800 unless stated; slides are 1920 x 1080.
 */
import {
  C,
  T,
  at,
  circ,
  ell,
  g,
  line,
  n,
  op,
  path,
  poly,
  rect,
  rng,
  smooth,
  stroke,
  tag,
} from './core.ts';
import {
  birds,
  bush,
  canoe,
  cloud,
  cottage,
  ground,
  hills,
  houseboat,
  palm,
  person,
  shadow,
  shed,
  sky,
  sun,
  tallTree,
  tree,
  tuft,
  water,
} from './parts.ts';
import {
  banana,
  bicycle,
  bin,
  bulb,
  bunting,
  capsule,
  cow,
  dashed,
  dome,
  dozer,
  drop,
  drum,
  excavator,
  jar,
  reedRow,
  ring,
  sack,
  sapling,
  solarRow,
  tap,
  truck,
  turbine,
  vessel,
  windrow,
} from './objects.ts';

export const W = 1200;
export const H = 800;

interface Land {
  seed: string;
  w?: number;
  h?: number;
  sun?: [number, number, number] | null;
  clouds?: [number, number, number][];
  far?: number;
  farAmp?: number;
  mid?: number | null;
  midAmp?: number;
  water?: [number, number] | null;
  ground: number | null;
  skyFill?: string;
  /** Drawn after the far hills (behind the mid hills). */
  back?: string;
  /** Drawn after the mid hills, before the water. */
  beforeWater?: string;
  /** Drawn after the mid hills and water, before the ground. */
  middle?: string;
}

/** Sky, sun, clouds, far and mid hills, optional backwater, ground. */
export function land(o: Land): string {
  const w = o.w ?? W;
  const h = o.h ?? H;
  const k = w / W;
  const s = o.sun === undefined ? ([w * 0.8, 170, 52] as [number, number, number]) : o.sun;
  // Clouds keep clear of the sun.
  const left = s !== null && s[0] < w / 2;
  const clouds = o.clouds ?? [
    [w * (left ? 0.6 : 0.2), 150, 1],
    [w * (left ? 0.88 : 0.52), 105, 0.7],
  ];
  let out = sky(w, h, o.skyFill);
  if (s) out += sun(s[0], s[1], s[2]);
  for (const c of clouds) out += cloud(c[0], c[1], c[2]);
  out += hills(w, o.far ?? 440, o.farAmp ?? 80, Math.round(3 * k), o.seed + 'f', T.hillFar, h);
  out += o.back ?? '';
  if (o.mid !== null)
    out += hills(w, o.mid ?? 520, o.midAmp ?? 50, Math.round(5 * k), o.seed + 'm', T.hillMid, h);
  out += o.beforeWater ?? '';
  if (o.water) out += water(w, o.water[0], o.water[1], o.seed + 'w');
  out += o.middle ?? '';
  if (o.ground !== null) out += ground(w, h, o.ground, T.grass, o.seed + 'g');
  return out;
}

/** Dark foreground bushes in the bottom corners, the same in every scene. */
const frame = (w = W, h = H) =>
  bush(40, h + 6, 1.6) +
  bush(w - 30, h + 6, 1.3) +
  tuft(150, h - 14, C.forest) +
  tuft(w - 170, h - 10, C.forest);

const bolt = (x: number, y: number, s: number, fill: string = C.sun) =>
  at(x, y, s, poly([4, -30, -14, 4, 0, 4, -6, 30, 14, -6, 0, -6], fill));

// ---------------------------------------------------------------- landscapes

function hillsBackwaters(): string {
  return (
    land({ seed: 'hb', water: [500, 650], ground: 660, far: 430, mid: 505, sun: [860, 190, 56] }) +
    birds(640, 220) +
    houseboat(640, 575, 1) +
    canoe(330, 622, 0.9) +
    palm(1040, 712, 320, -50, 'hb1') +
    palm(1140, 730, 250, -80, 'hb2', true) +
    palm(120, 716, 280, 50, 'hb3') +
    frame()
  );
}

// ---------------------------------------------------------------- energy

function solarRows(): string {
  return (
    land({ seed: 'sr', ground: 560, sun: [930, 175, 60] }) +
    palm(1130, 600, 230, -30, 'sr1', true) +
    tree(90, 600, 0.9) +
    solarRow(250, 590, 700, 30, 12, 10) +
    solarRow(160, 656, 840, 46, 14, 14) +
    solarRow(60, 748, 1010, 64, 16, 18) +
    frame()
  );
}

function solarRooftop(): string {
  let cells = '';
  for (let i = 1; i < 6; i++) cells += `M${n(450 + i * 50)} 470L${n(485 + (i * 230) / 6)} 392`;
  cells += 'M468 431H733';
  return (
    land({ seed: 'rt', ground: 610, sun: [1000, 160, 52] }) +
    tree(230, 664, 1.3) +
    palm(1000, 672, 300, -30, 'rt1') +
    shadow(600, 664, 260) +
    rect(420, 470, 360, 190, C.paper) +
    rect(420, 640, 360, 20, T.mistShade) +
    poly([378, 488, 822, 488, 742, 352, 458, 352], C.earth) +
    poly([378, 488, 822, 488, 814, 476, 386, 476], T.earthDark) +
    poly([450, 470, 750, 470, 715, 392, 485, 392], C.sky) +
    stroke(cells, T.waterLight, 3, { opacity: '.55' }) +
    poly([450, 470, 750, 470, 752, 477, 448, 477], C.mist) +
    rect(568, 548, 64, 112, T.earthDark, 4) +
    rect(458, 530, 74, 58, C.sky, 4) +
    rect(668, 530, 74, 58, C.sky, 4) +
    stroke('M495 530v58M458 559h74M705 530v58M668 559h74', C.mist, 4) +
    rect(740, 590, 26, 36, C.forest, 4) +
    bolt(753, 608, 0.4) +
    bush(450, 666, 0.8, C.leaf) +
    bush(760, 666, 0.7, C.leaf) +
    frame()
  );
}

function windTurbines(): string {
  return (
    land({
      seed: 'wt',
      ground: 610,
      far: 430,
      mid: 540,
      sun: [180, 190, 46],
      back: turbine(300, 470, 210, 20),
      middle: turbine(650, 545, 360, 75) + turbine(960, 565, 270, 40),
    }) +
    tallTree(1100, 650, 0.9) +
    tree(170, 660, 0.8) +
    birds(420, 250, 0.8) +
    frame()
  );
}

function hydroMagnetic(): string {
  let coil = '';
  for (let i = 0; i < 7; i++) coil += rect(524 + i * 12, 570, 8, 44, i % 2 ? C.sun : C.earth, 3);
  return (
    land({ seed: 'hm', ground: 610, far: 420, mid: 500, sun: [1000, 150, 44] }) +
    stroke('M100 462Q170 520 240 540T360 612', T.water, 30) +
    stroke('M140 496q16 8 30 18M226 536q20 4 34 10M300 568q14 10 24 22', T.waterLight, 5) +
    ell(380, 616, 60, 14, T.water) +
    stroke('M380 612Q420 612 462 600', T.skyDark, 18) +
    stroke('M1068 464Q900 500 760 522', C.ink, 3) +
    rect(1062, 454, 12, 210, C.earth, 3) +
    rect(1040, 468, 56, 8, T.earthDark, 3) +
    shadow(610, 668, 200) +
    rect(440, 650, 340, 18, T.mistShade, 6) +
    rect(460, 520, 300, 134, C.mist, 26) +
    rect(450, 508, 320, 24, C.forest, 10) +
    circ(560, 592, 52, C.ink) +
    line([504, 592, 616, 592], T.mistShade, 6) +
    coil +
    stroke('M672 556v34a20 20 0 0 0 40 0v-34', C.forest, 18, { 'stroke-linecap': 'butt' }) +
    rect(663, 548, 18, 14, C.paper, 2) +
    rect(703, 548, 18, 14, C.paper, 2) +
    bolt(726, 462, 1.3) +
    rect(760, 616, 44, 18, T.skyDark, 4) +
    stroke('M796 626q30 6 40 56', T.water, 14) +
    ell(880, 696, 190, 38, T.water) +
    stroke('M760 690h90M880 706h110M820 720h60', T.waterLight, 4) +
    tree(200, 690, 0.9) +
    frame()
  );
}

function biogasDomes(): string {
  return (
    land({ seed: 'bg', ground: 590, sun: [260, 160, 48] }) +
    tallTree(120, 640, 1.1) +
    palm(1150, 640, 260, -40, 'bg1', true) +
    shadow(540, 664, 190) +
    stroke('M520 530V492H800V572M800 492H990V540', C.ink, 6) +
    circ(660, 492, 9, C.sun) +
    circ(900, 492, 9, C.sun) +
    dome(520, 660, 150, 124, C.mist, T.mistShade) +
    rect(500, 528, 40, 12, T.mistShade, 3) +
    dome(800, 656, 96, 80, C.mist, T.mistShade) +
    rect(786, 568, 28, 10, T.mistShade, 3) +
    rect(300, 616, 80, 48, T.earthLight, 4) +
    ell(340, 618, 40, 8, T.earthDark) +
    stroke('M380 640H392', C.ink, 10) +
    shed(950, 664, 170, 124, C.paper, C.earth) +
    rect(980, 580, 56, 44, C.ink, 4) +
    path('M1008 616q-16-8-6-24q2 8 8 8q-2-10 6-16q6 14 2 24q-4 8-10 8z', C.sun) +
    rect(1060, 590, 36, 74, T.earthDark, 3) +
    frame()
  );
}

function greenHydrogen(): string {
  let ribs = '';
  for (let x = 490; x < 720; x += 22) ribs += `M${x} 532v96`;
  return (
    land({ seed: 'gh', ground: 590, sun: [250, 150, 50] }) +
    palm(1150, 610, 240, -40, 'gh1', true) +
    solarRow(90, 600, 280, 30, 6, 10) +
    solarRow(40, 676, 340, 44, 7, 14) +
    stroke('M380 650H470', C.ink, 4) +
    shadow(600, 650, 160) +
    rect(470, 520, 260, 124, C.sky, 8) +
    stroke(ribs, T.skyDark, 3, { opacity: '.45' }) +
    rect(676, 560, 34, 70, T.skyDark, 3) +
    rect(510, 486, 100, 36, C.mist, 6) +
    line([598, 486, 598, 456], C.mist, 10) +
    ring(600, 430, 10, C.sky, 4) +
    ring(620, 398, 14, C.sky, 4) +
    ring(598, 364, 8, C.sky, 4) +
    stroke('M730 570H790M760 570V646H800', C.ink, 6) +
    capsule(790, 620, 240, 60, C.paper, C.leaf) +
    capsule(820, 712, 280, 72, C.paper, C.leaf) +
    frame()
  );
}

// ---------------------------------------------------------------- waste

function pyrolysisPlant(): string {
  return (
    land({ seed: 'py', ground: 590, sun: [1040, 150, 44] }) +
    op(0.8, circ(672, 350, 18, C.mist), circ(690, 318, 24, C.mist), circ(718, 282, 30, C.mist)) +
    rect(660, 370, 26, 200, T.mistShade) +
    rect(660, 370, 26, 14, C.forest) +
    palm(1150, 640, 250, -30, 'py1', true) +
    shadow(560, 668, 260) +
    stroke('M190 664L366 494', T.mistShade, 14) +
    stroke('M600 540V466H770', C.ink, 8) +
    rect(350, 636, 20, 30, T.earthDark) +
    rect(610, 636, 20, 30, T.earthDark) +
    rect(430, 636, 140, 30, C.ink, 4) +
    rect(450, 644, 100, 14, C.sun, 4) +
    rect(300, 540, 360, 98, T.skyDark, 49) +
    rect(400, 540, 10, 98, C.sky) +
    rect(550, 540, 10, 98, C.sky) +
    op(0.25, rect(340, 552, 280, 12, C.paper, 6)) +
    poly([330, 482, 440, 482, 410, 544, 360, 544], T.earthLight) +
    path('M340 482q20-24 40-10q20-16 50 10z', C.ink) +
    stroke('M790 560V520', C.ink, 8) +
    vessel(740, 668, 64, 210, C.paper, C.sky) +
    stroke('M804 640H860', C.ink, 8) +
    drum(880, 668, 1) +
    drum(930, 668, 1) +
    drum(980, 668, 1, T.earthDark) +
    frame()
  );
}

function gasifier(): string {
  let chips = '';
  const r = rng('gf');
  for (let i = 0; i < 14; i++) chips += `M${n(200 + r() * 150)} ${n(650 - r() * 50)}h8`;
  return (
    land({ seed: 'gf', ground: 590, sun: [980, 160, 46] }) +
    tallTree(1120, 640, 1) +
    path('M160 672Q200 600 270 596T390 672z', C.earth) +
    stroke(chips, T.earthDark, 5) +
    shadow(620, 670, 240) +
    line([492, 600, 484, 670], C.ink, 8) +
    line([588, 600, 596, 670], C.ink, 8) +
    poly([480, 600, 600, 600, 562, 644, 518, 644], T.skyDark) +
    vessel(480, 602, 120, 210, T.skyDark, C.sky) +
    rect(512, 530, 56, 26, C.sun, 5) +
    poly([500, 372, 580, 372, 562, 398, 518, 398], C.earth) +
    stroke('M458 430H650M458 430v-24M650 430v-24M458 410H650', C.ink, 5) +
    stroke(
      'M628 430V668M648 430V668M628 470h20M628 510h20M628 550h20M628 590h20M628 630h20',
      C.ink,
      4,
    ) +
    stroke('M600 452H706', C.ink, 12) +
    rect(690, 440, 60, 54, C.paper, 6) +
    poly([690, 494, 750, 494, 728, 560, 712, 560], T.mistShade) +
    line([696, 500, 690, 668], C.ink, 5) +
    line([744, 500, 750, 668], C.ink, 5) +
    stroke('M720 440V410H880V560', C.ink, 8) +
    rect(820, 556, 170, 110, C.leaf, 10) +
    stroke('M846 586v52M866 586v52M886 586v52M906 586v52', C.forest, 6) +
    circ(950, 612, 20, C.forest) +
    line([970, 556, 970, 510], C.ink, 8) +
    frame()
  );
}

function compostWindrows(): string {
  return (
    land({ seed: 'cw', ground: 560, sun: [200, 150, 46] }) +
    rect(740, 470, 380, 110, T.mistShade) +
    stroke('M756 470V590M940 470V590M1104 470V590', T.earthDark, 8) +
    poly([710, 480, 1150, 480, 1120, 442, 740, 442], C.forest) +
    windrow(170, 900, 612, 36, T.earthPale, C.earth, 'cw1') +
    windrow(80, 1030, 688, 54, T.earthLight, C.earth, 'cw2') +
    windrow(10, 1130, 772, 76, C.earth, T.earthDark, 'cw3') +
    stroke(
      'M320 566q12-14 0-28t0-28M540 566q12-14 0-28t0-28M420 624q12-14 0-28t0-28M720 624q12-14 0-28t0-28',
      C.paper,
      5,
      { opacity: '.8' },
    ) +
    rect(676, 604, 140, 56, C.sun, 8) +
    rect(700, 566, 54, 42, C.sun, 6) +
    rect(708, 574, 38, 22, T.waterLight, 3) +
    circ(694, 682, 20, C.ink) +
    circ(800, 682, 20, C.ink) +
    circ(694, 682, 7, T.mistShade) +
    circ(800, 682, 7, T.mistShade) +
    person(1130, 780, 1.4, C.sky) +
    line([1160, 780, 1148, 630], T.earthDark, 6) +
    stroke('M1138 632l10-14l10 14', T.earthDark, 4) +
    frame()
  );
}

function dewateredCompost(): string {
  let flights = '';
  for (let x = -120; x <= 110; x += 38) flights += `M${x}-28l18 56`;
  return (
    land({ seed: 'dc', ground: 600, sun: [180, 160, 46] }) +
    tree(1110, 660, 1) +
    shadow(520, 690, 220) +
    line([390, 636, 390, 692], C.ink, 8) +
    line([640, 576, 640, 692], C.ink, 8) +
    g(
      { transform: 'translate(520 604) rotate(-14)' },
      rect(-170, -30, 340, 60, C.paper, 30),
      stroke(flights, T.mistShade, 6),
      rect(160, -44, 80, 88, C.leaf, 12),
      rect(-200, -46, 60, 40, C.mist, 6),
    ) +
    path(
      [0, 1, 2, 3].map((i) => `M${450 + i * 40} 650q6 9 6 13a6 6 0 0 1-12 0q0-4 6-13z`).join(''),
      C.sky,
    ) +
    rect(420, 676, 220, 16, T.water, 6) +
    stroke('M676 560q40 20 50 60', T.mistShade, 16) +
    path('M680 700Q720 620 760 618T860 700z', T.earthDark) +
    sack(912, 706, 1.2) +
    sack(986, 706, 1.2) +
    sack(949, 656, 1.2) +
    frame()
  );
}

function zeroWasteHub(): string {
  return (
    land({ seed: 'zw', ground: 590, sun: [1010, 150, 46] }) +
    tree(130, 640, 1.1) +
    tallTree(1110, 650, 1) +
    rect(330, 450, 540, 210, C.mist) +
    stroke('M320 450V664M600 450V664M880 450V664', T.earthDark, 10) +
    poly([270, 462, 930, 462, 880, 396, 320, 396], C.forest) +
    rect(270, 456, 660, 12, T.earthDark, 4) +
    rect(360, 580, 80, 74, T.earthLight, 6) +
    rect(372, 512, 60, 66, T.earthPale, 6) +
    rect(760, 590, 80, 64, C.sky, 6) +
    rect(776, 530, 56, 58, T.waterLight, 6) +
    person(600, 664, 1.35, C.sun) +
    rect(500, 590, 200, 14, T.earthDark, 4) +
    stroke('M516 604V660M684 604V660', T.earthDark, 6) +
    shadow(600, 748, 290) +
    bin(420, 748, 1.45, C.leaf) +
    bin(540, 748, 1.45, C.sun) +
    bin(660, 748, 1.45, C.sky) +
    bin(780, 748, 1.45, C.earth) +
    frame()
  );
}

function biomining(): string {
  const r = rng('bm');
  let debris = '';
  for (let i = 0; i < 22; i++) {
    const x = 780 + r() * 380;
    const y = 470 + r() * 110 + (x > 1000 ? (x - 1000) * 0.3 : 0);
    debris += rect(
      x,
      y,
      8 + r() * 10,
      5 + r() * 6,
      [C.ink, C.sky, C.paper, C.earth][i % 4] ?? C.ink,
      2,
    );
  }
  return (
    land({ seed: 'bm', ground: 600, sun: [260, 150, 46] }) +
    path('M470 690C560 560 700 452 850 444S1100 520 1230 600V700z', T.earthLight) +
    op(0.6, debris) +
    path('M460 694C520 620 600 572 700 556Q820 560 900 600Q1060 580 1230 630V700z', T.grass) +
    sapling(560, 640, 1) +
    sapling(640, 604, 0.9) +
    sapling(740, 600, 0.9) +
    sapling(860, 628, 1) +
    excavator(960, 500, 0.9) +
    shadow(300, 690, 200) +
    g(
      { transform: 'translate(300 600) rotate(8)' },
      rect(-140, -36, 280, 72, C.mist, 14),
      stroke('M-100-36v72M-50-36v72M0-36v72M50-36v72M100-36v72', T.mistShade, 6),
      rect(-150, -42, 14, 84, C.forest, 4),
      rect(136, -42, 14, 84, C.forest, 4),
    ) +
    line([190, 628, 182, 690], C.ink, 8) +
    line([420, 650, 424, 690], C.ink, 8) +
    path('M200 700Q240 656 290 656T380 700z', C.earth) +
    path('M420 702Q450 668 480 668T530 702z', T.earthDark) +
    frame()
  );
}

function legacyWaste(): string {
  const r = rng('lw');
  const [x0, x1, base, h] = [230, 1110, 706, 270];
  let specks = '';
  for (let i = 0; i < 24; i++)
    specks += `M${n(520 + r() * 320)} ${n(452 + r() * 100)}h${n(6 + r() * 8)}`;
  let vents = '';
  for (const [x, y] of [
    [380, 660],
    [560, 650],
    [800, 650],
    [980, 664],
    [470, 598],
    [880, 598],
  ] as const)
    vents += line([x, y, x, y - 34], C.ink, 6) + line([x - 10, y - 34, x + 10, y - 34], C.ink, 8);
  return (
    land({ seed: 'lw', ground: 610, sun: [1000, 150, 46] }) +
    birds(560, 300, 0.9) +
    path(mound(x0, x1, base, h), T.earthLight) +
    stroke(specks, T.earthDark, 4, { opacity: '.6' }) +
    path(moundCap(x0, x1, base, h, base - h * 0.6), T.earthPale) +
    path(moundCap(x0, x1, base, h, base - h * 0.36), C.leaf) +
    vents +
    dozer(720, 470, 0.8) +
    stroke(
      'M40 766V720M140 766V720M240 766V720M340 766V720M860 766V720M960 766V720M1060 766V720M1160 766V720',
      T.earthDark,
      7,
    ) +
    stroke('M20 732H360M20 750H360M840 732H1180M840 750H1180', T.earthDark, 3) +
    frame()
  );
}

/** Smooth mound (cubic bell) from x0 to x1 on `base`, about `h` high. */
function moundPts(x0: number, x1: number, base: number, h: number): [number, number][] {
  const w = x1 - x0;
  const P = [
    [x0, base],
    [x0 + w * 0.25, base - h * 1.33],
    [x1 - w * 0.25, base - h * 1.33],
    [x1, base],
  ] as const;
  const pts: [number, number][] = [];
  for (let i = 0; i <= 48; i++) {
    const t = i / 48;
    const u = 1 - t;
    const b = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t];
    pts.push([
      b.reduce((acc, k, j) => acc + k * P[j]![0], 0),
      b.reduce((acc, k, j) => acc + k * P[j]![1], 0),
    ]);
  }
  return pts;
}

function mound(x0: number, x1: number, base: number, h: number): string {
  const w = x1 - x0;
  return `M${x0} ${base}C${n(x0 + w * 0.25)} ${n(base - h * 1.33)} ${n(x1 - w * 0.25)} ${n(base - h * 1.33)} ${x1} ${base}Z`;
}

/** The part of the mound below height `yc` (a band of capping soil and grass). */
function moundCap(x0: number, x1: number, base: number, h: number, yc: number): string {
  const cx = (x0 + x1) / 2;
  const lower = moundPts(x0, x1, base, h).filter((p) => p[1] >= yc);
  const leftPart = lower.filter((p) => p[0] < cx);
  const rightPart = lower.filter((p) => p[0] >= cx);
  const lx = (leftPart[leftPart.length - 1]?.[0] ?? cx) + 4;
  const rx = (rightPart[0]?.[0] ?? cx) - 4;
  const pts = (list: [number, number][]) => list.map((p) => `${n(p[0])} ${n(p[1])}`).join('L');
  // The band's upper edge is a contour seen from slightly above: it sags towards the viewer.
  return `M${pts(leftPart)}L${n(lx)} ${n(yc)}Q${n(cx)} ${n(yc + 30)} ${n(rx)} ${n(yc)}L${pts(rightPart)}Z`;
}

function plasticToOil(): string {
  const r = rng('po');
  let bits = '';
  const cols = [C.sky, C.sun, C.leaf, C.paper, C.earth];
  for (let i = 0; i < 18; i++) {
    const x = 130 + r() * 160;
    const y = 690 - r() * (40 - Math.abs(x - 210) * 0.3);
    bits += rect(x, y, 12, 8, cols[i % 5] ?? C.sky, 2);
  }
  return (
    land({ seed: 'po', ground: 590, sun: [1000, 150, 46] }) +
    palm(1130, 640, 250, -40, 'po1', true) +
    path('M110 702Q160 640 210 636T320 702z', T.mistShade) +
    bits +
    stroke('M250 660L376 466', T.mistShade, 14) +
    stroke('M250 660L376 466', C.ink, 3, { transform: 'translate(6 4)' }) +
    shadow(620, 680, 300) +
    poly([350, 440, 450, 440, 424, 494, 376, 494], C.mist) +
    line([384, 640, 380, 680], C.ink, 8) +
    line([496, 640, 500, 680], C.ink, 8) +
    rect(376, 636, 128, 34, C.ink, 4) +
    rect(392, 644, 96, 16, C.sun, 4) +
    vessel(370, 640, 140, 150, T.skyDark, C.sky) +
    stroke('M470 500V430H600', C.ink, 8) +
    rect(596, 420, 140, 186, C.mist, 8) +
    stroke('M616 444H716V478H616V512H716V546H616V580H716', C.sky, 9) +
    line([606, 606, 606, 680], C.ink, 6) +
    line([726, 606, 726, 680], C.ink, 6) +
    stroke('M716 580H790', C.ink, 8) +
    vessel(780, 680, 100, 140, C.paper, C.sun) +
    stroke('M880 650H920V666', C.ink, 8) +
    drop(920, 690, 0.32, T.earthDark) +
    drum(920, 760, 1.1, T.earthDark) +
    drum(990, 760, 1.1) +
    frame()
  );
}

// ---------------------------------------------------------------- water & sanitation

function reedBed(): string {
  const clumps =
    reedRow(360, 860, 40, 600, 0.5, 'a') +
    reedRow(250, 950, 50, 676, 0.85, 'b') +
    reedRow(288, 948, 58, 712, 1, 'c');
  return (
    land({ seed: 'rb', ground: 560, sun: [980, 150, 46] }) +
    tree(140, 600, 0.9) +
    palm(1110, 640, 250, -30, 'rb1', true) +
    poly([300, 604, 900, 604, 868, 570, 332, 570], T.mistShade) +
    poly([314, 598, 886, 598, 860, 576, 340, 576], T.water) +
    poly([160, 722, 1000, 722, 944, 640, 216, 640], T.mistShade) +
    poly([178, 712, 982, 712, 934, 648, 226, 648], T.water) +
    poly([160, 722, 1000, 722, 1000, 738, 160, 738], C.mist) +
    clumps +
    stroke('M40 650Q120 650 190 690', C.ink, 10) +
    stroke('M1000 700Q1040 710 1070 720', T.water, 14) +
    ell(1110, 736, 110, 24, T.water) +
    stroke('M1060 736h50M1120 746h40', T.waterLight, 4) +
    frame()
  );
}

function faecalSludge(): string {
  const r = rng('fs');
  let beds = '';
  const fronts: [number, number][] = [
    [90, 340],
    [370, 620],
    [650, 900],
  ];
  const cx = 500;
  const back = (x: number) => cx + (x - cx) * 0.82;
  for (const [a, b] of fronts) {
    beds += poly([a, 724, b, 724, back(b), 626, back(a), 626], T.mistShade);
    beds += poly([a + 14, 714, b - 14, 714, back(b) - 10, 636, back(a) + 10, 636], T.earthDark);
    beds += poly([a, 724, b, 724, b, 738, a, 738], C.mist);
    let cracks = '';
    for (let i = 0; i < 7; i++) {
      const y = 648 + r() * 56;
      const x = back(a) + 20 + r() * (b - a - 60);
      cracks += `M${n(x)} ${n(y)}l${n(12 + r() * 10)} ${n(-6 + r() * 12)}l${n(14 + r() * 10)} ${n(-6 + r() * 12)}`;
    }
    beds += stroke(cracks, C.earth, 3);
  }
  return (
    land({ seed: 'fs', ground: 580, sun: [260, 150, 46] }) +
    tallTree(980, 620, 0.9) +
    palm(120, 630, 230, 30, 'fs1', true) +
    bush(700, 620, 0.9, C.leaf) +
    bush(300, 622, 0.8, C.leaf) +
    beds +
    shadow(1060, 700, 140) +
    truck(1050, 700, 0.85, C.sky, true) +
    stroke('M960 660Q920 660 900 690', C.ink, 8) +
    frame()
  );
}

function drinkingWater(): string {
  return (
    land({ seed: 'dw', ground: 590, sun: [1020, 150, 46] }) +
    palm(110, 660, 300, 40, 'dw1') +
    tree(1120, 640, 0.9) +
    shadow(380, 672, 110) +
    rect(300, 600, 160, 72, T.earthLight) +
    stroke(
      'M300 624H460M300 648H460M340 600v24M400 600v24M370 624v24M430 624v24M340 648v24M400 648v24',
      C.earth,
      3,
    ) +
    ell(380, 600, 82, 16, C.mist) +
    ell(380, 600, 66, 10, C.ink) +
    rect(300, 472, 12, 128, C.earth, 3) +
    rect(448, 472, 12, 128, C.earth, 3) +
    rect(292, 464, 176, 12, T.earthDark, 4) +
    circ(380, 482, 14, C.mist) +
    circ(380, 482, 5, C.ink) +
    line([392, 484, 392, 560], C.ink, 2) +
    path('M376 560h32l-4 26h-24z', C.sky) +
    shadow(780, 666, 110) +
    stroke('M700 664L722 430M860 664L838 430M708 600L852 520M852 600L708 520', C.ink, 6) +
    rect(688, 320, 184, 114, C.sky, 12) +
    rect(688, 366, 184, 12, T.skyDark) +
    ell(780, 322, 92, 14, T.waterLight) +
    stroke('M780 434V664Q780 676 796 676H930', C.ink, 7) +
    tap(960, 690, 1) +
    frame()
  );
}

function effluentTreatment(): string {
  const r = rng('et');
  let bubbles = '';
  for (let i = 0; i < 16; i++)
    bubbles += circ(170 + r() * 280, 610 + r() * 36, 3 + r() * 4, C.paper);
  return (
    land({ seed: 'et', ground: 570, sun: [280, 150, 44] }) +
    shed(90, 610, 170, 80, C.paper, C.forest) +
    rect(140, 560, 40, 50, C.sky, 3) +
    tree(1120, 620, 0.9) +
    tallTree(680, 600, 0.8) +
    rect(120, 650, 360, 64, C.mist) +
    poly([120, 652, 480, 652, 452, 600, 148, 600], T.mistShade) +
    poly([134, 646, 466, 646, 444, 606, 156, 606], T.water) +
    op(0.8, bubbles) +
    stroke('M480 680H560', C.ink, 12) +
    ell(820, 708, 262, 34, C.mist) +
    rect(558, 640, 524, 68, C.mist) +
    ell(820, 640, 262, 50, T.mistShade) +
    ell(820, 640, 242, 42, T.water) +
    tag('ellipse', {
      cx: 820,
      cy: 640,
      rx: 140,
      ry: 24,
      fill: 'none',
      stroke: T.waterLight,
      'stroke-width': 4,
    }) +
    ell(820, 640, 24, 10, T.mistShade) +
    rect(820, 628, 250, 12, C.ink, 4) +
    stroke('M820 612H1070M840 612v16M900 612v16M960 612v16M1020 612v16', C.ink, 4) +
    rect(806, 590, 28, 44, C.ink, 4) +
    frame()
  );
}

function waterlessUrinal(): string {
  return (
    land({ seed: 'wu', ground: 600, sun: [1030, 150, 46] }) +
    tree(220, 650, 1.2) +
    palm(1000, 660, 300, -30, 'wu1') +
    poly([560, 800, 640, 800, 620, 664, 580, 664], C.mist) +
    shadow(600, 666, 230) +
    rect(400, 462, 400, 202, C.paper) +
    rect(400, 644, 400, 20, T.mistShade) +
    rect(380, 436, 440, 32, C.forest, 8) +
    stroke('M430 482h40M500 482h40M660 482h40M730 482h40', T.mistShade, 8) +
    rect(434, 530, 76, 134, C.leaf, 4) +
    rect(690, 530, 76, 134, C.leaf, 4) +
    circ(600, 564, 56, C.sky) +
    drop(600, 578, 1.05, C.paper) +
    path('M340 664l-8-46h56l-8 46z', C.earth) +
    bush(360, 620, 0.7, C.leaf) +
    path('M812 664l-8-46h56l-8 46z', C.earth) +
    bush(832, 620, 0.7, C.leaf) +
    frame()
  );
}

function waterConservation(): string {
  let rain = '';
  for (let i = 0; i < 14; i++)
    rain += `M${150 + (i % 7) * 36 + (i > 6 ? 18 : 0)} ${210 + (i > 6 ? 50 : 0)}l-10 26`;
  return (
    land({
      seed: 'wc',
      ground: 600,
      sun: [900, 150, 46],
      clouds: [
        [650, 110, 0.7],
        [1080, 190, 0.6],
      ],
    }) +
    cloud(280, 196, 1.2, T.mistShade) +
    stroke(rain, C.sky, 5) +
    tree(1120, 650, 0.9) +
    shadow(400, 666, 240) +
    rect(180, 480, 260, 184, C.paper) +
    rect(180, 646, 260, 18, T.mistShade) +
    poly([148, 490, 472, 490, 400, 396, 220, 396], C.earth) +
    rect(284, 570, 52, 94, T.earthDark, 4) +
    rect(206, 532, 52, 48, C.sky, 4) +
    rect(362, 532, 52, 48, C.sky, 4) +
    stroke('M148 496H470V566H540', C.ink, 8) +
    rect(520, 548, 130, 116, C.mist, 8) +
    ell(585, 550, 65, 12, T.mistShade) +
    stroke('M520 586h130M520 626h130', T.mistShade, 4) +
    stroke('M650 646H720', C.ink, 8) +
    ell(780, 682, 74, 20, T.earthLight) +
    ell(780, 682, 54, 14, C.earth) +
    ell(780, 682, 34, 8, T.water) +
    ell(1000, 716, 160, 38, T.water) +
    stroke('M930 712h60M1010 726h80', T.waterLight, 4) +
    circ(1040, 700, 12, C.leaf) +
    circ(960, 722, 10, C.leaf) +
    frame()
  );
}

// ---------------------------------------------------------------- farming

function cropRows(y0: number, y1: number, x0: number, x1: number, seed: string): string {
  const r = rng(seed);
  let out = '';
  let y = y0;
  let h = 14;
  let i = 0;
  while (y < y1) {
    // Soil strip, a dotted line of plants, then grass hiding the lower half of each dot.
    const rr = h * 0.42;
    const base = y + h * 0.5;
    out += rect(x0, y, x1 - x0, h * 0.5, T.earthLight);
    out += stroke(`M${x0} ${n(base)}H${x1}`, i % 2 ? C.forest : C.leaf, n(rr * 2), {
      'stroke-dasharray': `0 ${n(rr * 3)}`,
      'stroke-dashoffset': n(r() * rr * 3),
    });
    out += rect(x0, base, x1 - x0, h * 0.5 + 1, T.grass);
    y += h;
    h *= 1.22;
    i++;
  }
  return out;
}

function organicFarm(): string {
  return (
    land({ seed: 'of', ground: 560, sun: [880, 160, 50] }) +
    cottage(1010, 572, 0.55) +
    cropRows(600, 790, -10, 1210, 'of') +
    banana(110, 660, 1.35) +
    banana(230, 640, 1) +
    shadow(880, 766, 50, 8) +
    person(880, 766, 1.6, C.sky) +
    path('M898 710h48l-6 26h-36z', C.earth) +
    circ(912, 706, 9, C.leaf) +
    circ(930, 704, 9, C.forest) +
    frame()
  );
}

function manure(): string {
  let bins = '';
  for (const x of [300, 500, 700]) {
    bins +=
      poly([x, 610, x + 180, 610, x + 164, 584, x + 16, 584], T.mistShade) +
      poly([x + 10, 606, x + 170, 606, x + 158, 590, x + 22, 590], T.earthDark) +
      stroke(`M${x + 40} 598q8-6 16 0t16 0M${x + 110} 600q8-6 16 0t16 0`, T.earthLight, 3) +
      rect(x, 610, 180, 54, C.mist);
  }
  return (
    land({ seed: 'vm', ground: 590, sun: [1010, 150, 46] }) +
    tallTree(120, 640, 1.1) +
    palm(1140, 650, 250, -40, 'vm1', true) +
    stroke('M300 470V664M600 470V664M880 470V664', T.earthDark, 10) +
    poly([250, 482, 930, 482, 890, 424, 290, 424], C.earth) +
    rect(250, 476, 680, 12, T.earthDark, 4) +
    shadow(590, 666, 320) +
    bins +
    sack(996, 706, 1.2) +
    sack(1070, 706, 1.2) +
    sack(1033, 656, 1.2) +
    path('M150 676h110l-16 34h-80z', T.earthDark) +
    path('M158 676q40-30 96 0z', C.earth) +
    circ(196, 716, 14, C.ink) +
    line([254, 690, 300, 712], T.earthDark, 6) +
    frame()
  );
}

function valueAddition(): string {
  let jars = '';
  const cols = [C.sun, C.leaf, T.earthLight, C.sun, C.sky, C.leaf, C.sun, T.earthLight];
  for (let i = 0; i < 8; i++) jars += jar(450 + i * 42, 538, 1, cols[i] ?? C.sun);
  for (let i = 0; i < 7; i++)
    jars += jar(470 + i * 44, 592, 1, cols[(i + 3) % 8] ?? C.sun, C.earth);
  const r = rng('va');
  let spice = '';
  let seeds = '';
  for (let i = 0; i < 26; i++) {
    const dot = `M${n(900 + r() * 180)} ${n(686 + r() * 24)}h0`;
    if (i % 3) spice += dot;
    else seeds += dot;
  }
  return (
    land({ seed: 'va', ground: 600, sun: [200, 150, 46] }) +
    palm(1130, 660, 260, -40, 'va1', true) +
    shadow(600, 664, 280) +
    rect(340, 440, 520, 224, C.paper) +
    poly([304, 450, 896, 450, 820, 374, 380, 374], C.forest) +
    rect(410, 490, 380, 174, T.mistShade) +
    stroke('M420 540H780M420 594H780', T.earthDark, 5) +
    jars +
    rect(396, 620, 408, 44, C.earth, 4) +
    rect(388, 610, 424, 14, T.earthDark, 4) +
    sack(204, 704, 1.2) +
    sack(278, 704, 1.2) +
    sack(241, 654, 1.2) +
    rect(880, 680, 210, 36, T.sunPale, 8) +
    stroke(spice, C.sun, 7) +
    stroke(seeds, C.earth, 7) +
    frame()
  );
}

function farmToTable(): string {
  let awning = '';
  for (let i = 0; i < 10; i++) awning += rect(360 + i * 48, 400, 48, 52, i % 2 ? C.paper : C.sun);
  let scallops = '';
  for (let i = 0; i < 10; i++)
    scallops += path(`M${360 + i * 48} 452a24 24 0 0 0 48 0z`, i % 2 ? C.paper : C.sun);
  const crate = (x: number, fill: string) => {
    let p = '';
    for (let i = 0; i < 4; i++) p += circ(x + 14 + i * 17, 560 - (i % 2) * 6, 12, fill);
    return p + rect(x, 558, 84, 24, T.earthLight, 3);
  };
  return (
    land({ seed: 'ft', ground: 580, sun: [1020, 150, 46] }) +
    cropRows(600, 650, -10, 1210, 'ft') +
    tree(150, 660, 1.1) +
    shadow(600, 686, 260) +
    stroke('M380 452V684M820 452V684', C.earth, 12) +
    rect(380, 470, 440, 100, T.mistShade) +
    awning +
    scallops +
    rect(352, 388, 496, 16, C.forest, 6) +
    crate(394, C.sun) +
    crate(494, C.leaf) +
    crate(594, C.earth) +
    crate(694, C.forest) +
    rect(370, 586, 460, 96, C.earth, 6) +
    rect(360, 576, 480, 14, T.earthDark, 4) +
    shadow(975, 746, 50, 8) +
    person(975, 746, 1.6, C.sky, 'stand') +
    path('M994 694h52l-6 28h-40z', T.earthDark) +
    circ(1010, 690, 10, C.leaf) +
    circ(1030, 688, 10, C.sun) +
    frame()
  );
}

function integratedSystem(): string {
  const fish = (x: number, y: number) =>
    path(`M${x} ${y}q14-10 28 0q-14 10-28 0zM${x + 26} ${y}l10-7v14z`, C.sun);
  return (
    land({ seed: 'is', ground: 570, sun: [240, 150, 46] }) +
    cropRows(596, 660, 680, 1210, 'is') +
    palm(90, 640, 260, 30, 'is1', true) +
    shadow(1010, 666, 130) +
    dome(1010, 664, 110, 86, C.mist, T.mistShade) +
    stroke('M1010 578V556H930', C.ink, 6) +
    ell(300, 712, 240, 54, T.grassDeep) +
    ell(300, 712, 226, 46, T.water) +
    fish(220, 712) +
    fish(340, 700) +
    fish(290, 730) +
    circ(430, 720, 14, C.leaf) +
    circ(160, 700, 12, C.leaf) +
    shadow(640, 700, 80) +
    cow(640, 700, 1.1) +
    cow(820, 674, 0.8) +
    frame()
  );
}

// ---------------------------------------------------------------- hospitality

function ecoResort(): string {
  const hill = path(
    `${smooth([
      [-20, 600],
      [220, 560],
      [440, 520],
      [700, 454],
      [950, 424],
      [1220, 462],
    ])}L1220 620L-20 620Z`,
    T.hillMid,
  );
  return (
    land({
      seed: 'er',
      ground: 706,
      mid: null,
      water: [596, 706],
      sun: [300, 170, 50],
      beforeWater: hill,
    }) +
    palm(700, 480, 150, -10, 'er1', true) +
    cottage(560, 510, 1) +
    cottage(830, 458, 1.2) +
    cottage(1085, 456, 0.95, T.earthDark) +
    bush(530, 518, 0.9, C.leaf) +
    bush(610, 518, 0.7) +
    bush(870, 468, 1, C.leaf) +
    bush(1110, 466, 0.8, C.leaf) +
    canoe(440, 660, 0.9) +
    palm(110, 770, 330, 50, 'er2') +
    palm(1120, 770, 280, -60, 'er3', true) +
    frame()
  );
}

function farmTourism(): string {
  const bands = [T.hillMid, C.leaf, T.sunPale, T.grass, C.leaf, T.hillMid, T.sunPale];
  let paddy = '';
  let y = 560;
  let h = 20;
  bands.forEach((col, i) => {
    const top = smooth([
      [-20, y + 6],
      [300, y - 4 + (i % 2) * 6],
      [700, y + 8],
      [1220, y],
    ]);
    paddy += path(`${top}L1220 800L-20 800Z`, col);
    paddy += stroke(top, T.earthLight, 3);
    y += h;
    h *= 1.3;
  });
  return (
    land({ seed: 'fm', ground: null, sun: [300, 160, 50] }) +
    paddy +
    rect(908, 470, 28, 240, C.earth, 6) +
    circ(870, 400, 80, C.forest) +
    circ(980, 390, 90, C.forest) +
    circ(930, 330, 90, C.leaf) +
    rect(810, 478, 220, 14, T.earthDark, 4) +
    cottage(920, 480, 0.7) +
    stroke('M850 720L872 492M890 720L904 492M856 660h38M862 600h36M868 540h32', T.earthDark, 5) +
    stroke('M0 760Q300 700 700 730', T.earthLight, 16) +
    person(360, 750, 1.5, C.sun, 'walk') +
    person(450, 744, 1.55, C.sky, 'walk') +
    birds(560, 300, 0.8) +
    frame()
  );
}

function wellness(): string {
  let herbs = '';
  const r = rng('wl');
  for (let i = 0; i < 7; i++) {
    const x = 210 + i * 130;
    herbs += path(`M${x - 22} 760l-6-40h56l-6 40z`, C.earth);
    herbs += circ(x - 10, 712, 16 + r() * 6, i % 2 ? C.leaf : C.forest);
    herbs += circ(x + 12, 708, 14 + r() * 6, i % 2 ? C.forest : C.leaf);
  }
  return (
    land({ seed: 'we', ground: 600, sun: [220, 230, 54] }) +
    palm(1080, 650, 300, -30, 'we1') +
    tree(140, 640, 0.9) +
    shadow(600, 632, 240) +
    stroke('M400 602V430M800 602V430', T.earthDark, 10) +
    poly([330, 440, 870, 440, 600, 316], T.earthLight) +
    poly([330, 440, 870, 440, 856, 454, 344, 454], C.earth) +
    rect(370, 600, 460, 22, C.earth, 4) +
    stroke('M400 622v20M600 622v20M800 622v20', T.earthDark, 8) +
    rect(520, 594, 160, 8, C.leaf, 3) +
    person(600, 596, 1.55, C.sky, 'yoga') +
    herbs +
    frame()
  );
}

// ---------------------------------------------------------------- advisory

function eiaSurvey(): string {
  const flag = (x: number, y: number, s = 1) =>
    at(x, y, s, line([0, 0, 0, -60], C.ink, 4), poly([2, -60, 34, -50, 2, -40], C.sun));
  return (
    land({ seed: 'ei', ground: 600, sun: [1000, 150, 46] }) +
    dashed('M200 620Q480 560 760 600T1060 640', C.ink, 3) +
    flag(200, 622, 0.8) +
    flag(760, 602, 0.8) +
    flag(1060, 642, 0.8) +
    flag(880, 520, 0.6) +
    tallTree(110, 640, 1) +
    tree(1000, 560, 0.6) +
    shadow(600, 750, 90) +
    at(
      600,
      750,
      1.35,
      stroke('M0-120L-40 0M0-120L2 6M0-120L42-4', C.ink, 5),
      rect(-20, -134, 40, 16, C.ink, 4),
      rect(-16, -166, 32, 34, C.sun, 6),
      rect(16, -158, 18, 14, C.ink, 3),
    ) +
    shadow(470, 764, 40, 8) +
    person(470, 764, 1.6, C.leaf) +
    rect(432, 698, 26, 34, C.paper, 3) +
    rect(880, 560, 12, 150, C.paper) +
    stroke('M886 578v18M886 620v18M886 662v18', C.forest, 12, { 'stroke-linecap': 'butt' }) +
    frame()
  );
}

function energyEfficiency(): string {
  let win = '';
  for (let row = 0; row < 3; row++)
    for (let col = 0; col < 4; col++) {
      const x = 384 + col * 88;
      const y = 420 + row * 72;
      if (row === 2 && (col === 1 || col === 2)) continue;
      win += rect(x, y, 60, 48, C.sky, 4) + rect(x, y, 60, 8, C.sun, 3);
    }
  return (
    land({ seed: 'ee', ground: 620, sun: null }) +
    tree(200, 670, 1.1) +
    tallTree(1080, 670, 0.9) +
    shadow(580, 666, 250) +
    poly([740, 382, 800, 402, 800, 662, 740, 662], T.mistShade) +
    rect(360, 382, 380, 280, C.paper) +
    rect(356, 366, 388, 18, T.sunPale) +
    stroke(
      'M360 375l10-6l10 6l10-6l10 6l10-6l10 6l10-6l10 6l10-6l10 6l10-6l10 6l10-6l10 6l10-6l10 6l10-6l10 6l10-6l10 6l10-6l10 6l10-6l10 6l10-6l10 6l10-6l10 6l10-6l10 6l10-6l10 6l10-6l10 6l10-6l10 6l10-6',
      T.earthLight,
      3,
    ) +
    rect(350, 350, 400, 18, C.leaf, 6) +
    tuft(420, 352) +
    tuft(560, 352) +
    tuft(690, 352) +
    win +
    rect(520, 580, 60, 82, C.forest, 4) +
    bulb(960, 300, 1.15) +
    frame()
  );
}

function transport(): string {
  let win = '';
  for (let x = 400; x < 740; x += 64) win += rect(x, 584, 56, 48, T.waterLight, 6);
  return (
    land({ seed: 'tr', ground: 580, sun: [1000, 150, 46] }) +
    tree(120, 640, 1) +
    tallTree(900, 630, 0.8) +
    tree(1090, 640, 0.8) +
    rect(-10, 676, 1220, 80, T.mistShade) +
    stroke('M0 716H1200', C.paper, 5, { 'stroke-dasharray': '40 30' }) +
    rect(400, 536, 240, 24, C.forest, 8) +
    rect(320, 552, 460, 140, C.leaf, 22) +
    rect(336, 576, 54, 84, T.waterLight, 8) +
    win +
    rect(320, 650, 460, 12, C.sun) +
    bolt(560, 670, 0.35, C.paper) +
    circ(420, 694, 28, C.ink) +
    circ(420, 694, 10, T.mistShade) +
    circ(690, 694, 28, C.ink) +
    circ(690, 694, 10, T.mistShade) +
    stroke('M780 640Q820 690 850 640', C.ink, 5) +
    rect(840, 590, 50, 100, C.forest, 8) +
    rect(850, 602, 30, 20, T.sunPale, 3) +
    bolt(865, 650, 0.5) +
    bicycle(990, 750, 1, C.sky) +
    bicycle(1110, 754, 1, C.sun) +
    frame()
  );
}

function carbonCredit(): string {
  const cx = 600;
  const cy = 250;
  const R = 118;
  const pt = (a: number) =>
    [cx + R * Math.cos((a * Math.PI) / 180), cy + R * Math.sin((a * Math.PI) / 180)] as const;
  const arc = (a0: number, a1: number, col: string) => {
    const [x0, y0] = pt(a0);
    const [x1, y1] = pt(a1);
    const tang = a1 + 90;
    return (
      stroke(`M${n(x0)} ${n(y0)}A${R} ${R} 0 0 1 ${n(x1)} ${n(y1)}`, col, 16) +
      g(
        { transform: `translate(${n(x1)} ${n(y1)}) rotate(${tang})` },
        path('M-10 0q24-28 54 0q-30 28-54 0z', col),
      )
    );
  };
  let back = '';
  for (let i = 0; i < 11; i++)
    back += tallTree(
      50 + i * 110,
      640 + (i % 2) * 12,
      0.78 + (i % 3) * 0.08,
      i % 2 ? C.forest : C.leaf,
    );
  let front = '';
  for (let i = 0; i < 8; i++)
    front += tree(20 + i * 168, 740, 1.05 + (i % 2) * 0.2, i % 2 ? C.leaf : T.grassDeep, C.forest);
  return (
    land({
      seed: 'cc',
      ground: 590,
      sun: null,
      clouds: [
        [200, 170, 0.9],
        [1000, 130, 0.7],
      ],
    }) +
    arc(190, 320, C.leaf) +
    arc(10, 140, C.sun) +
    path('M560 290q-10-70 80-90q10 80-80 90z', C.forest) +
    line([566, 284, 616, 232], T.leafLight, 4) +
    back +
    front +
    frame()
  );
}

// ---------------------------------------------------------------- people & company

function education(): string {
  return (
    land({ seed: 'ed', ground: 580, sun: [1040, 150, 46] }) +
    shadow(420, 700, 280, 16) +
    tree(330, 700, 2.4) +
    stroke('M800 430L756 734M900 430L944 734', C.earth, 9) +
    rect(720, 400, 260, 164, C.forest, 8) +
    rect(720, 556, 260, 12, C.earth, 3) +
    ring(786, 456, 22, C.paper, 4) +
    stroke('M744 540Q810 488 866 520T956 500M904 456q-12-36 36-40q4 36-36 40z', C.paper, 4, {
      opacity: '.85',
    }) +
    shadow(1040, 744, 44, 8) +
    person(1040, 744, 1.6, C.sun) +
    rect(350, 730, 380, 14, T.earthLight, 4) +
    person(400, 730, 1.25, C.sky, 'sit') +
    person(490, 730, 1.25, C.leaf, 'sit') +
    person(580, 730, 1.25, C.sun, 'sit') +
    person(670, 730, 1.25, C.earth, 'sit') +
    frame()
  );
}

function sustainableEvents(): string {
  let val = '';
  for (let i = 0; i < 12; i++)
    val += path(`M${300 + i * 50} 512a25 25 0 0 0 50 0z`, i % 2 ? C.paper : C.sun);
  return (
    land({ seed: 'se', ground: 580, sun: [1060, 150, 42] }) +
    tree(110, 640, 1.1) +
    bunting(150, 470, 450, 390, 30, [C.sun, C.leaf, C.sky]) +
    bunting(750, 390, 1100, 450, 30, [C.sky, C.sun, C.leaf]) +
    line([1100, 450, 1100, 690], T.earthDark, 6) +
    shadow(600, 690, 320) +
    stroke('M310 512V690M600 512V690M890 512V690', T.earthDark, 8) +
    poly([300, 486, 450, 380, 600, 486], C.paper) +
    poly([450, 380, 600, 486, 600, 486, 750, 380, 900, 486], C.paper) +
    poly([450, 380, 600, 486, 530, 486], T.mistShade) +
    poly([750, 380, 900, 486, 830, 486], T.mistShade) +
    rect(300, 484, 600, 28, C.sun) +
    val +
    rect(390, 610, 420, 76, C.leaf, 6) +
    rect(380, 600, 440, 14, C.forest, 4) +
    circ(450, 590, 10, C.paper) +
    circ(520, 590, 10, C.paper) +
    circ(680, 590, 10, C.paper) +
    circ(750, 590, 10, C.paper) +
    person(250, 756, 1.5, C.sky) +
    person(170, 762, 1.45, C.earth, 'arms') +
    bin(960, 720, 0.9, C.leaf) +
    bin(1030, 720, 0.9, C.sun) +
    bin(1100, 720, 0.9, C.sky) +
    frame()
  );
}

function partnerships(): string {
  let winA = '';
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 3; c++) winA += rect(196 + c * 76, 410 + r * 70, 52, 44, C.sky, 4);
  let winB = '';
  for (let c = 0; c < 3; c++) winB += rect(800 + c * 76, 530, 52, 44, C.sky, 4);
  return (
    land({ seed: 'pa', ground: 610, sun: [600, 210, 50] }) +
    stroke('M300 690Q600 770 900 690', T.earthLight, 22) +
    tree(600, 680, 0.9) +
    shadow(300, 690, 150) +
    shadow(900, 690, 150) +
    rect(170, 380, 260, 310, C.paper) +
    rect(160, 364, 280, 22, C.forest, 6) +
    winA +
    rect(276, 620, 48, 70, T.earthDark, 4) +
    rect(770, 470, 260, 220, C.paper) +
    poly([750, 478, 1050, 478, 900, 400], C.earth) +
    winB +
    rect(876, 620, 48, 70, T.earthDark, 4) +
    rect(430, 476, 340, 50, T.waterLight) +
    stroke(
      'M430 476H770M430 526H770M480 476v50M540 476v50M600 476v50M660 476v50M720 476v50',
      C.forest,
      6,
    ) +
    frame()
  );
}

function careers(): string {
  let mounds = '';
  for (const x of [280, 400, 540, 1010]) mounds += ell(x, 738, 42, 11, C.earth);
  return (
    land({ seed: 'ca', ground: 580, sun: [1000, 150, 50] }) +
    tree(160, 640, 1.1) +
    tallTree(1110, 640, 0.9) +
    mounds +
    sapling(280, 738, 1.3) +
    sapling(400, 738, 1.3) +
    sapling(1010, 738, 1.3) +
    shadow(480, 752, 50, 8) +
    person(470, 752, 1.6, C.sky, 'bend') +
    sapling(540, 740, 1) +
    shadow(680, 756, 40, 8) +
    line([700, 600, 724, 740], T.earthDark, 7) +
    path('M712 734l28-8l10 30l-26 8z', T.mistShade) +
    person(680, 756, 1.6, C.sun) +
    shadow(860, 756, 40, 8) +
    person(860, 756, 1.6, C.leaf) +
    path('M878 690h44l-4 34h-38z', C.sky) +
    stroke('M920 700l34-18', C.sky, 7) +
    path(
      'M962 696q5 8 5 11a5 5 0 0 1-10 0q0-3 5-11zM978 716q5 8 5 11a5 5 0 0 1-10 0q0-3 5-11z',
      C.sky,
    ) +
    frame()
  );
}

function about(): string {
  const bank = ground(W, H, 560, T.grass, 'abb', 8);
  return (
    land({
      seed: 'ab',
      ground: 736,
      far: 420,
      mid: 500,
      water: [640, 736],
      sun: [260, 160, 48],
      beforeWater: bank,
    }) +
    tallTree(900, 600, 1.1) +
    tree(1050, 606, 0.95) +
    tree(200, 604, 0.85) +
    shadow(600, 606, 260) +
    rect(380, 470, 420, 136, C.paper) +
    rect(404, 494, 236, 90, C.sky, 6) +
    stroke('M463 494v90M522 494v90M581 494v90', C.mist, 5) +
    rect(668, 494, 60, 112, T.earthDark, 4) +
    poly([350, 482, 830, 450, 830, 426, 350, 458], C.forest) +
    rect(360, 602, 480, 14, C.earth, 4) +
    stroke('M380 616v36M600 616v36M820 616v36', T.earthDark, 8) +
    op(0.25, rect(380, 650, 420, 60, C.paper)) +
    canoe(960, 700, 0.8) +
    palm(100, 790, 320, 50, 'ab1') +
    palm(1130, 790, 300, -60, 'ab2', true) +
    frame()
  );
}

export const scenes: Record<string, () => string> = {
  'hills-backwaters': hillsBackwaters,
  'solar-rows': solarRows,
  'solar-rooftop': solarRooftop,
  'wind-turbines': windTurbines,
  'hydro-magnetic': hydroMagnetic,
  'biogas-domes': biogasDomes,
  'green-hydrogen': greenHydrogen,
  'pyrolysis-plant': pyrolysisPlant,
  gasifier,
  'compost-windrows': compostWindrows,
  'dewatered-compost': dewateredCompost,
  'zero-waste-hub': zeroWasteHub,
  biomining,
  'legacy-waste': legacyWaste,
  'plastic-to-oil': plasticToOil,
  'reed-bed': reedBed,
  'faecal-sludge': faecalSludge,
  'drinking-water': drinkingWater,
  'effluent-treatment': effluentTreatment,
  'waterless-urinal': waterlessUrinal,
  'water-conservation': waterConservation,
  'organic-farm': organicFarm,
  manure,
  'value-addition': valueAddition,
  'farm-to-table': farmToTable,
  'integrated-system': integratedSystem,
  'eco-resort': ecoResort,
  'farm-tourism': farmTourism,
  wellness,
  'eia-survey': eiaSurvey,
  'energy-efficiency': energyEfficiency,
  transport,
  'carbon-credit': carbonCredit,
  education,
  'sustainable-events': sustainableEvents,
  partnerships,
  careers,
  about,
};

export { frame, bolt, cropRows };
