/**
 * Wide scenes: the four home slides (1920 x 1080) and the link-preview picture (1200 x 630).
 * The left ~55 % of every slide stays calm (sky, hills, water or fields) for the hero text.
 */
import { C, T, circ, mix, path, smooth, stroke } from './core.ts';
import { banana, solarRow, turbine } from './objects.ts';
import {
  birds,
  bush,
  canoe,
  cottage,
  houseboat,
  palm,
  person,
  shadow,
  tallTree,
  tree,
} from './parts.ts';
import { frame, land } from './scenes.ts';

const SW = 1920;
const SH = 1080;
const slideSky = mix(C.sky, C.paper, 0.3);

function slideSun(): string {
  return (
    land({
      seed: 's1',
      w: SW,
      h: SH,
      skyFill: slideSky,
      sun: [1560, 300, 92],
      clouds: [[1240, 180, 1.1]],
      far: 640,
      farAmp: 110,
      mid: 740,
      midAmp: 60,
      ground: 790,
    }) +
    tallTree(1860, 840, 1.2) +
    solarRow(1180, 830, 640, 40, 12, 14) +
    solarRow(1110, 928, 760, 58, 14, 18) +
    solarRow(1050, 1066, 900, 80, 16, 22) +
    frame(SW, SH)
  );
}

function slideWind(): string {
  return (
    land({
      seed: 's2',
      w: SW,
      h: SH,
      skyFill: slideSky,
      sun: [1190, 230, 56],
      clouds: [[1760, 150, 0.9]],
      far: 620,
      farAmp: 100,
      mid: 760,
      midAmp: 70,
      ground: 850,
      back: turbine(1130, 640, 240, 30),
      middle:
        turbine(1380, 770, 420, 70) + turbine(1640, 800, 480, 15) + turbine(1850, 790, 340, 50),
    }) +
    tree(1500, 890, 0.9) +
    birds(1480, 600, 1.1) +
    frame(SW, SH)
  );
}

function slideWater(): string {
  return (
    land({
      seed: 's3',
      w: SW,
      h: SH,
      skyFill: slideSky,
      sun: [1380, 250, 70],
      clouds: [[1700, 170, 1]],
      far: 600,
      farAmp: 100,
      mid: 690,
      midAmp: 50,
      water: [690, 960],
      ground: 970,
    }) +
    palm(1560, 720, 200, -20, 's3a', true) +
    palm(1640, 722, 240, 10, 's3b', true) +
    palm(1760, 720, 180, -10, 's3c', true) +
    houseboat(1380, 830, 1.5) +
    canoe(1120, 900, 1) +
    palm(1720, 1080, 440, -80, 's3d') +
    palm(1860, 1090, 380, -60, 's3e', true) +
    frame(SW, SH)
  );
}

function slideFarm(): string {
  const bands = [T.hillMid, C.leaf, T.sunPale, T.grass, C.leaf, T.hillMid, T.sunPale];
  let paddy = '';
  let y = 800;
  let h = 26;
  bands.forEach((col, i) => {
    const top = smooth([
      [-20, y + 6],
      [600, y - 6 + (i % 2) * 8],
      [1300, y + 8],
      [1940, y],
    ]);
    paddy += path(`${top}L1940 ${SH}L-20 ${SH}Z`, col);
    paddy += stroke(top, T.earthLight, 4);
    y += h;
    h *= 1.32;
  });
  return (
    land({
      seed: 's4',
      w: SW,
      h: SH,
      skyFill: slideSky,
      sun: [1480, 260, 70],
      clouds: [[1760, 200, 0.9]],
      far: 640,
      farAmp: 100,
      mid: 760,
      midAmp: 50,
      ground: null,
      middle:
        palm(1320, 800, 200, -16, 's4a', true) +
        palm(1400, 800, 240, 12, 's4b', true) +
        cottage(1600, 800, 1.1) +
        bush(1520, 806, 0.9, C.leaf) +
        bush(1680, 808, 0.8) +
        tallTree(1760, 804, 0.9),
    }) +
    paddy +
    banana(1800, 1010, 1.6) +
    shadow(1430, 1000, 60, 10) +
    person(1430, 1000, 2.1, C.sky) +
    path('M1454 926h64l-8 38h-48z', C.earth) +
    circ(1472, 922, 12, C.leaf) +
    circ(1496, 920, 12, C.sun) +
    frame(SW, SH)
  );
}

export const slides = [slideSun, slideWind, slideWater, slideFarm];

/** Link preview: backwater scene; the logo badge is added by the caller on the left. */
export function ogScene(): string {
  return (
    land({
      seed: 'og',
      w: 1200,
      h: 630,
      sun: [820, 150, 48],
      clouds: [[1040, 110, 0.7]],
      far: 360,
      farAmp: 80,
      mid: 420,
      midAmp: 40,
      water: [420, 540],
      ground: 548,
    }) +
    houseboat(820, 480, 0.9) +
    palm(1050, 600, 300, -40, 'og1') +
    palm(1150, 610, 240, -70, 'og2', true) +
    frame(1200, 630)
  );
}
