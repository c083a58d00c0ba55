// A minimal PNG writer and checker (node:zlib only) for the README screenshots. Terminal screens use a
// handful of colours, so the writer emits an indexed (palette) image when it can: small files, exact
// colours. The checker verifies what a viewer needs: signature, chunk CRCs, IHDR, IEND and that the
// image data inflates to exactly the size the header promises.

import { crc32, deflateSync, inflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const COLOUR_TYPE_RGB = 2;
const COLOUR_TYPE_INDEXED = 3;
const MAX_PALETTE = 256;

/** An RGB image: one 0xRRGGBB number per pixel, row by row. */
export interface RgbImage {
  width: number;
  height: number;
  pixels: Uint32Array;
}

export interface PngInfo {
  width: number;
  height: number;
  bitDepth: number;
  colourType: number;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

function header(width: number, height: number, colourType: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = colourType;
  // compression, filter method, interlace: all 0 (the only standard values / none)
  return ihdr;
}

/** Palette index of every pixel, or null when the image has more colours than a palette holds. */
function indexColours(img: RgbImage): { palette: number[]; indices: Uint8Array } | null {
  const slots = new Map<number, number>();
  const indices = new Uint8Array(img.pixels.length);
  for (let i = 0; i < img.pixels.length; i++) {
    const rgb = img.pixels[i]!;
    let slot = slots.get(rgb);
    if (slot === undefined) {
      if (slots.size === MAX_PALETTE) return null;
      slot = slots.size;
      slots.set(rgb, slot);
    }
    indices[i] = slot;
  }
  return { palette: [...slots.keys()], indices };
}

/**
 * Scanlines with the "Up" filter (each byte minus the byte above): a terminal screen repeats itself
 * row after row inside a cell, which this turns into runs of zeros that deflate to almost nothing.
 */
function filteredRows(width: number, height: number, bytesPerPixel: number, bytes: Uint8Array): Buffer {
  const stride = width * bytesPerPixel;
  const out = Buffer.alloc(height * (stride + 1));
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    const at = y * (stride + 1);
    out[at] = y === 0 ? 0 : 2;
    for (let x = 0; x < stride; x++) out[at + 1 + x] = y === 0 ? bytes[row + x]! : (bytes[row + x]! - bytes[row - stride + x]!) & 0xff;
  }
  return out;
}

export function encodePng(img: RgbImage): Buffer {
  if (img.pixels.length !== img.width * img.height) throw new Error(`pixel count ${img.pixels.length} is not ${img.width}x${img.height}`);
  const indexed = indexColours(img);
  const parts: Buffer[] = [SIGNATURE];
  let data: Buffer;
  if (indexed) {
    parts.push(chunk('IHDR', header(img.width, img.height, COLOUR_TYPE_INDEXED)));
    const plte = Buffer.alloc(indexed.palette.length * 3);
    indexed.palette.forEach((rgb, i) => {
      plte[i * 3] = (rgb >> 16) & 0xff;
      plte[i * 3 + 1] = (rgb >> 8) & 0xff;
      plte[i * 3 + 2] = rgb & 0xff;
    });
    parts.push(chunk('PLTE', plte));
    data = filteredRows(img.width, img.height, 1, indexed.indices);
  } else {
    parts.push(chunk('IHDR', header(img.width, img.height, COLOUR_TYPE_RGB)));
    const rgb = new Uint8Array(img.pixels.length * 3);
    img.pixels.forEach((p, i) => {
      rgb[i * 3] = (p >> 16) & 0xff;
      rgb[i * 3 + 1] = (p >> 8) & 0xff;
      rgb[i * 3 + 2] = p & 0xff;
    });
    data = filteredRows(img.width, img.height, 3, rgb);
  }
  parts.push(chunk('IDAT', deflateSync(data, { level: 9 })));
  parts.push(chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Checks a PNG's structure and returns its header; throws saying what is wrong. */
export function checkPng(file: Buffer): PngInfo {
  if (file.length < SIGNATURE.length || !file.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error('not a PNG (bad signature)');
  let at = SIGNATURE.length;
  let info: PngInfo | null = null;
  const idat: Buffer[] = [];
  let ended = false;
  while (at < file.length && !ended) {
    if (at + 12 > file.length) throw new Error(`truncated chunk at byte ${at}`);
    const length = file.readUInt32BE(at);
    const type = file.toString('ascii', at + 4, at + 8);
    const end = at + 8 + length;
    if (end + 4 > file.length) throw new Error(`chunk ${type} runs past the end of the file`);
    const data = file.subarray(at + 8, end);
    if (crc32(file.subarray(at + 4, end)) !== file.readUInt32BE(end)) throw new Error(`chunk ${type} has a bad CRC`);
    if (type === 'IHDR') info = { width: data.readUInt32BE(0), height: data.readUInt32BE(4), bitDepth: data[8]!, colourType: data[9]! };
    else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') ended = true;
    at = end + 4;
  }
  if (!info) throw new Error('no IHDR chunk');
  if (!ended) throw new Error('no IEND chunk');
  const channels = CHANNELS[info.colourType];
  if (channels === undefined) throw new Error(`unknown colour type ${info.colourType}`);
  const rowBytes = Math.ceil((info.width * channels * info.bitDepth) / 8);
  const raw = inflateSync(Buffer.concat(idat));
  if (raw.length !== info.height * (rowBytes + 1)) throw new Error(`image data is ${raw.length} bytes, expected ${info.height * (rowBytes + 1)}`);
  return info;
}
