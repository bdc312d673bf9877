// Tiny PNG encoder for the sample images the seed writes (no downloads, no image library).
import { deflateSync } from 'node:zlib';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

export type Rgb = readonly [number, number, number];

/** An 8-bit RGB PNG whose pixels come from `pixel(x, y)`. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let i = 0;
  for (let y = 0; y < height; y++) {
    raw[i++] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      raw[i++] = r;
      raw[i++] = g;
      raw[i++] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', new Uint8Array()),
  ]);
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
];

/** A 640×360 cover: a diagonal gradient with soft circles, different for each seed number. */
export function coverImage(from: Rgb, to: Rgb, seed: number, width = 640, height = 360): Buffer {
  const circles = Array.from({ length: 5 }, (_, k) => ({
    cx: ((seed * 97 + k * 151) % width) | 0,
    cy: ((seed * 53 + k * 89) % height) | 0,
    r: 40 + ((seed * 31 + k * 47) % 90),
  }));
  return encodePng(width, height, (x, y) => {
    let colour = mix(from, to, (x / width + y / height) / 2);
    for (const c of circles) {
      const d = Math.hypot(x - c.cx, y - c.cy);
      if (d < c.r) colour = mix(colour, [255, 255, 255], 0.18 * (1 - d / c.r));
    }
    // Faint stripes so the image is not a flat gradient.
    if ((x + y + seed * 7) % 48 < 2) colour = mix(colour, [255, 255, 255], 0.12);
    return colour;
  });
}

/** A 256×256 portrait placeholder: a head-and-shoulders silhouette on a gradient. */
export function personImage(from: Rgb, to: Rgb, size = 256): Buffer {
  return encodePng(size, size, (x, y) => {
    const bg = mix(from, to, y / size);
    const head = Math.hypot(x - size / 2, y - size * 0.4) < size * 0.17;
    const body = Math.hypot((x - size / 2) / 1.4, y - size * 0.95) < size * 0.3;
    return head || body ? mix(bg, [255, 255, 255], 0.75) : bg;
  });
}
