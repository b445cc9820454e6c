// Draws a bar chart on a square bitmap: a vertical gradient background and one bar per value.
import { createBitmap, setPixel, type Bitmap } from './png.js';

type Rgb = readonly [number, number, number];

/** Each palette: background top, background bottom, bar colour. */
export const palettes: Record<string, readonly [Rgb, Rgb, Rgb]> = {
  ocean: [
    [224, 242, 254],
    [125, 180, 230],
    [12, 74, 110],
  ],
  sunset: [
    [255, 237, 213],
    [251, 146, 60],
    [124, 45, 18],
  ],
  forest: [
    [236, 252, 203],
    [132, 204, 22],
    [20, 83, 45],
  ],
};

function mix(from: Rgb, to: Rgb, t: number): Rgb {
  return [0, 1, 2].map((i) => Math.round(from[i] + (to[i] - from[i]) * t)) as unknown as Rgb;
}

export function drawBarChart(values: readonly number[], paletteName: string, size: number): Bitmap {
  const [top, bottom, bar] = palettes[paletteName] ?? palettes.ocean;
  const bitmap = createBitmap(size, size);
  for (let y = 0; y < size; y++) {
    const colour = mix(top, bottom, y / (size - 1));
    for (let x = 0; x < size; x++) setPixel(bitmap, x, y, colour);
  }
  const margin = Math.max(2, Math.round(size / 16));
  const slot = (size - 2 * margin) / values.length;
  const gap = Math.max(1, Math.round(slot / 5));
  const highest = Math.max(...values, Number.MIN_VALUE);
  values.forEach((value, index) => {
    const height = Math.round((Math.max(0, value) / highest) * (size - 2 * margin));
    const left = Math.round(margin + index * slot + gap / 2);
    const right = Math.round(margin + (index + 1) * slot - gap / 2);
    for (let x = left; x < right; x++) {
      for (let y = size - margin - height; y < size - margin; y++) setPixel(bitmap, x, y, bar);
    }
  });
  return bitmap;
}
