import type { AssetType, ThemeGender, ThemeType } from '@logoschool/contract';
import { encodePng, sineTone } from './demo/encode.ts';

/**
 * The demo school's asset library and themes (DESIGN §6): small pictures drawn here in code (so the
 * repository holds no binary files) and one short sound, all real PNG and WAV files.
 */

type Rgba = readonly [number, number, number, number];

const SIZE = 64;

/** A square RGBA raster to draw simple shapes on; transparent until painted. */
class Raster {
  readonly pixels = new Uint8Array(SIZE * SIZE * 4);

  /** Paints every pixel for which `inside(x, y)` holds (pixel centres, 0..SIZE). */
  paint(
    color: Rgba | ((x: number, y: number) => Rgba),
    inside: (x: number, y: number) => boolean = () => true,
  ) {
    for (let y = 0; y < SIZE; y++) {
      for (let x = 0; x < SIZE; x++) {
        if (!inside(x + 0.5, y + 0.5)) continue;
        this.pixels.set(typeof color === 'function' ? color(x, y) : color, (y * SIZE + x) * 4);
      }
    }
    return this;
  }

  png(): Buffer {
    return encodePng(SIZE, SIZE, this.pixels);
  }
}

const circle = (cx: number, cy: number, r: number) => (x: number, y: number) =>
  (x - cx) ** 2 + (y - cy) ** 2 <= r * r;

const rect = (x0: number, y0: number, x1: number, y1: number) => (x: number, y: number) =>
  x >= x0 && x <= x1 && y >= y0 && y <= y1;

/** Whether a point is inside a polygon (even-odd rule). */
const polygon = (points: readonly (readonly [number, number])[]) => (x: number, y: number) => {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i] as readonly [number, number];
    const [xj, yj] = points[j] as readonly [number, number];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
};

/** The corners of a regular star or polygon around (cx, cy), the first one at the top. */
function starPoints(cx: number, cy: number, outer: number, inner: number, tips: number) {
  return Array.from({ length: tips * 2 }, (_, i) => {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = -Math.PI / 2 + (i * Math.PI) / tips;
    return [cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)] as const;
  });
}

/** A vertical blend from `top` to `bottom`. */
const gradient = (top: Rgba, bottom: Rgba) => (_x: number, y: number) =>
  top.map((value, i) => Math.round(value + (((bottom[i] ?? 0) - value) * y) / (SIZE - 1))) as unknown as Rgba;

const WHITE: Rgba = [255, 255, 255, 255];
const BLACK: Rgba = [25, 25, 25, 255];
const YELLOW: Rgba = [255, 204, 0, 255];
const GRASS: Rgba = [76, 175, 80, 255];

/** A few fixed "random" star positions. */
const STARS = [
  [8, 10],
  [20, 40],
  [33, 14],
  [47, 30],
  [56, 8],
  [12, 54],
  [40, 50],
  [58, 46],
  [27, 26],
] as const;

const pictures = {
  blueSky: () => new Raster().paint(gradient([66, 135, 245, 255], [200, 230, 255, 255])),
  greenMeadow: () =>
    new Raster().paint(gradient([120, 190, 255, 255], [210, 240, 255, 255])).paint(GRASS, (_x, y) => y > 40),
  starryNight: () => {
    const raster = new Raster().paint(gradient([10, 15, 50, 255], [40, 40, 90, 255]));
    for (const [x, y] of STARS) raster.paint(WHITE, circle(x, y, 1.2));
    return raster;
  },
  raceTrack: () =>
    new Raster()
      .paint(GRASS)
      .paint([90, 90, 90, 255], rect(0, 18, SIZE, 46))
      .paint(WHITE, (x, y) => y >= 31 && y <= 33 && Math.floor(x / 8) % 2 === 0),
  pinkSunset: () => new Raster().paint(gradient([255, 128, 171, 255], [255, 204, 128, 255])),
  redCar: () =>
    new Raster()
      .paint([220, 40, 40, 255], rect(8, 28, 56, 42))
      .paint([220, 40, 40, 255], rect(18, 18, 44, 30))
      .paint([170, 220, 255, 255], rect(22, 21, 40, 28))
      .paint(BLACK, circle(18, 44, 6))
      .paint(BLACK, circle(46, 44, 6)),
  smilingSun: () =>
    new Raster()
      .paint(YELLOW, circle(32, 32, 22))
      .paint(BLACK, circle(24, 26, 3))
      .paint(BLACK, circle(40, 26, 3))
      .paint(BLACK, (x, y) => circle(32, 32, 14)(x, y) && !circle(32, 30, 12)(x, y) && y > 36),
  yellowStar: () => new Raster().paint(YELLOW, polygon(starPoints(32, 34, 28, 11, 5))),
  football: () =>
    new Raster()
      .paint(BLACK, circle(32, 32, 26))
      .paint(WHITE, circle(32, 32, 24))
      .paint(BLACK, polygon(starPoints(32, 32, 10, 10 * Math.cos(Math.PI / 5), 5))),
  footballPitch: () =>
    new Raster()
      .paint((_x, y) => (Math.floor(y / 8) % 2 === 0 ? GRASS : [67, 160, 71, 255]))
      .paint(WHITE, (x) => x >= 31 && x <= 33)
      .paint(WHITE, (x, y) => circle(32, 32, 11)(x, y) && !circle(32, 32, 9)(x, y)),
  goldCoin: () =>
    new Raster().paint([230, 150, 0, 255], circle(32, 32, 24)).paint(YELLOW, circle(32, 32, 19)),
  redFlag: () =>
    new Raster().paint(BLACK, rect(14, 8, 17, 58)).paint(
      [220, 40, 40, 255],
      polygon([
        [17, 8],
        [52, 18],
        [17, 30],
      ]),
    ),
  greenDino: () =>
    new Raster()
      .paint(GRASS, circle(28, 40, 16))
      .paint(GRASS, circle(44, 20, 9))
      .paint(GRASS, rect(36, 22, 44, 36))
      .paint(GRASS, rect(18, 50, 22, 60))
      .paint(GRASS, rect(32, 50, 36, 60))
      .paint(BLACK, circle(47, 18, 2)),
};

/**
 * The pictures and the sound of the demo exercises' decks (not library assets): a light background
 * and a character for each deck, a speaker icon that shows a sound on a slide, and a short chime.
 * A themed variant puts the theme's assets in their place.
 */
export const DECK_PICTURES = {
  paleSky: () => new Raster().paint(gradient([225, 240, 255, 255], [250, 252, 255, 255])).png(),
  paleGarden: () =>
    new Raster()
      .paint(gradient([235, 248, 255, 255], [250, 255, 250, 255]))
      .paint([200, 235, 200, 255], (_x, y) => y > 48)
      .png(),
  rocket: () =>
    new Raster()
      .paint(
        [230, 230, 240, 255],
        polygon([
          [32, 4],
          [44, 22],
          [44, 48],
          [20, 48],
          [20, 22],
        ]),
      )
      .paint([66, 135, 245, 255], circle(32, 26, 5))
      .paint(
        [220, 40, 40, 255],
        polygon([
          [20, 36],
          [10, 54],
          [20, 48],
        ]),
      )
      .paint(
        [220, 40, 40, 255],
        polygon([
          [44, 36],
          [54, 54],
          [44, 48],
        ]),
      )
      .paint(
        [255, 150, 0, 255],
        polygon([
          [24, 48],
          [40, 48],
          [32, 62],
        ]),
      )
      .png(),
  snake: () =>
    new Raster()
      .paint(GRASS, (x, y) => [12, 24, 36, 48].some((cx, i) => circle(cx, i % 2 === 0 ? 38 : 30, 7)(x, y)))
      .paint(GRASS, circle(54, 24, 8))
      .paint(BLACK, circle(56, 21, 1.5))
      .paint([220, 40, 40, 255], rect(61, 25, 64, 26))
      .png(),
  speaker: () =>
    new Raster()
      .paint(BLACK, rect(12, 24, 24, 40))
      .paint(
        BLACK,
        polygon([
          [24, 24],
          [38, 12],
          [38, 52],
          [24, 40],
        ]),
      )
      .paint(BLACK, (x, y) => circle(38, 32, 16)(x, y) && !circle(38, 32, 13)(x, y) && x > 44)
      .png(),
};

/** The demo decks' sound: a short chime. */
export const deckChime = () => sineTone(660, 0.5);

/** An asset of the demo library: its file is made when the library is seeded. */
export interface DemoAsset {
  type: AssetType;
  name: string;
  filename: string;
  content: () => Buffer;
}

/** A picture of the library: its name is the school's (Ukrainian), its file name a plain one. */
const picture = (type: AssetType, name: string, file: string, draw: () => Raster): DemoAsset => ({
  type,
  name,
  filename: `${file}.png`,
  content: () => draw().png(),
});

export const DEMO_ASSETS: readonly DemoAsset[] = [
  picture('background', 'Блакитне небо', 'blue-sky', pictures.blueSky),
  picture('background', 'Зелена галявина', 'green-meadow', pictures.greenMeadow),
  picture('background', 'Зоряна ніч', 'starry-night', pictures.starryNight),
  picture('background', 'Гоночна траса', 'race-track', pictures.raceTrack),
  picture('background', 'Рожевий захід сонця', 'pink-sunset', pictures.pinkSunset),
  picture('character', 'Червона машинка', 'red-car', pictures.redCar),
  picture('character', 'Усміхнене сонечко', 'smiling-sun', pictures.smilingSun),
  picture('prop', 'Жовта зірочка', 'yellow-star', pictures.yellowStar),
  picture('prop', 'Футбольний м’яч', 'football', pictures.football),
  picture('game_background', 'Футбольне поле', 'football-pitch', pictures.footballPitch),
  picture('game_prop', 'Золота монетка', 'gold-coin', pictures.goldCoin),
  picture('game_prop', 'Червоний прапорець', 'red-flag', pictures.redFlag),
  picture('character', 'Зелений динозаврик', 'green-dino', pictures.greenDino),
  { type: 'sound', name: 'Дзвоник', filename: 'bell.wav', content: () => sineTone(880, 0.6) },
];

/** A theme of the Demo school, with the demo assets (by name) it shows. */
export interface DemoTheme {
  name: string;
  genders: ThemeGender[];
  ageFrom: number;
  ageTo: number;
  type: ThemeType;
  ready: boolean;
  /** Shared with the Second school too. */
  shared?: boolean;
  assets: string[];
}

export const DEMO_THEMES: readonly DemoTheme[] = [
  {
    name: 'Машини',
    genders: ['boy'],
    ageFrom: 3,
    ageTo: 8,
    type: 'general',
    ready: true,
    assets: ['Гоночна траса', 'Червона машинка', 'Дзвоник'],
  },
  {
    name: 'Принцеси',
    genders: ['girl'],
    ageFrom: 3,
    ageTo: 8,
    type: 'general',
    ready: true,
    assets: ['Рожевий захід сонця', 'Жовта зірочка'],
  },
  {
    name: 'Космос',
    genders: ['boy', 'girl'],
    ageFrom: 5,
    ageTo: 12,
    type: 'general',
    ready: true,
    assets: ['Зоряна ніч', 'Жовта зірочка', 'Усміхнене сонечко'],
  },
  {
    name: 'Тварини',
    genders: ['boy', 'girl'],
    ageFrom: 2,
    ageTo: 7,
    type: 'general',
    ready: true,
    shared: true,
    assets: ['Зелена галявина', 'Блакитне небо'],
  },
  {
    name: 'Динозаври',
    genders: ['boy', 'girl'],
    ageFrom: 4,
    ageTo: 10,
    type: 'custom',
    ready: false,
    assets: ['Зелена галявина'],
  },
  {
    name: 'Футбол',
    genders: ['boy'],
    ageFrom: 6,
    ageTo: 14,
    type: 'custom',
    ready: false,
    assets: ['Футбольне поле', 'Футбольний м’яч', 'Золота монетка'],
  },
];
