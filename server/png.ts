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

/** An 8-bit RGB PNG from packed RGB bytes (width·height·3). */
export function encodeRgb(width: number, height: number, rgb: Uint8Array): Buffer {
  const stride = width * 3;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (stride + 1)] = 0; // filter: none
    raw.set(rgb.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 6 })),
    chunk('IEND', new Uint8Array()),
  ]);
}

/** An 8-bit RGB PNG whose pixels come from `pixel(x, y)`. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      rgb[i++] = r;
      rgb[i++] = g;
      rgb[i++] = b;
    }
  }
  return encodeRgb(width, height, rgb);
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
];

/**
 * A 640×360 cover: a diagonal gradient with soft circles and faint stripes, different for each
 * seed number. Written straight into the pixel buffer: the seed makes seventeen of these.
 */
export function coverImage(from: Rgb, to: Rgb, seed: number, width = 640, height = 360): Buffer {
  const circles = Array.from({ length: 5 }, (_, k) => ({
    cx: (seed * 97 + k * 151) % width,
    cy: (seed * 53 + k * 89) % height,
    r: 40 + ((seed * 31 + k * 47) % 90),
  }));
  // Per pixel: how much white to blend in (circles' glow plus stripes).
  const glow = new Float32Array(width * height);
  for (const c of circles) {
    for (let y = Math.max(0, c.cy - c.r); y < Math.min(height, c.cy + c.r); y++) {
      for (let x = Math.max(0, c.cx - c.r); x < Math.min(width, c.cx + c.r); x++) {
        const d = Math.hypot(x - c.cx, y - c.cy);
        if (d < c.r) glow[y * width + x] = (glow[y * width + x] ?? 0) + 0.18 * (1 - d / c.r);
      }
    }
  }
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i += 3) {
      const t = (x / width + y / height) / 2;
      let w = Math.min(0.6, glow[y * width + x] ?? 0);
      if ((x + y + seed * 7) % 48 < 2) w += 0.12;
      for (let ch = 0; ch < 3; ch++) {
        const base = (from[ch] ?? 0) + ((to[ch] ?? 0) - (from[ch] ?? 0)) * t;
        rgb[i + ch] = Math.round(base + (255 - base) * w);
      }
    }
  }
  return encodeRgb(width, height, rgb);
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
