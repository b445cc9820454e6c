// A minimal PNG encoder (8-bit RGBA, no interlacing), so the demo can draw images without a dependency.
import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A width × height canvas of RGBA pixels, row by row. */
export interface Bitmap {
  width: number;
  height: number;
  rgba: Uint8Array;
}

export function createBitmap(width: number, height: number): Bitmap {
  return { width, height, rgba: new Uint8Array(width * height * 4) };
}

export function setPixel(bitmap: Bitmap, x: number, y: number, [r, g, b, a = 255]: readonly number[]): void {
  if (x < 0 || y < 0 || x >= bitmap.width || y >= bitmap.height) return;
  bitmap.rgba.set([r, g, b, a], (y * bitmap.width + x) * 4);
}

export function encodePng({ width, height, rgba }: Bitmap): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // bit depth 8, colour type RGBA, default compression, filter and interlace
  // Each scanline starts with its filter type; 0 (none) keeps the encoder trivial and deflate does the rest.
  const rowBytes = width * 4;
  const scanlines = Buffer.alloc((rowBytes + 1) * height);
  for (let y = 0; y < height; y++)
    scanlines.set(rgba.subarray(y * rowBytes, (y + 1) * rowBytes), y * (rowBytes + 1) + 1);
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(scanlines)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const framed = Buffer.alloc(typeAndData.length + 8);
  framed.writeUInt32BE(data.length, 0);
  typeAndData.copy(framed, 4);
  framed.writeUInt32BE(crc32(typeAndData), typeAndData.length + 4);
  return framed;
}
