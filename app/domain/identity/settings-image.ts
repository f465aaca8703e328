/**
 * Avatar checks (DESIGN §5): the type is read from the bytes (magic numbers), never from the file name or the
 * declared Content-Type, and the dimensions from the format's own header (PNG IHDR, JPEG SOF, WebP VP8/VP8L/VP8X),
 * so a huge image is refused before anything decodes it. Pure: works on a Uint8Array.
 */

export type ImageType = "image/png" | "image/jpeg" | "image/webp";

export interface SniffedImage {
  type: ImageType;
  width: number;
  height: number;
}

export const AVATAR_MAX_BYTES = 2_000_000;
export const AVATAR_MAX_PIXELS = 4000;

function u16be(b: Uint8Array, o: number) {
  return (b[o]! << 8) | b[o + 1]!;
}
function u32be(b: Uint8Array, o: number) {
  return ((b[o]! << 24) >>> 0) + (b[o + 1]! << 16) + (b[o + 2]! << 8) + b[o + 3]!;
}
function u24le(b: Uint8Array, o: number) {
  return b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16);
}
function ascii(b: Uint8Array, o: number, n: number) {
  return String.fromCharCode(...b.subarray(o, o + n));
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function sniffPng(b: Uint8Array): SniffedImage | null {
  if (b.length < 24 || !PNG_SIGNATURE.every((v, i) => b[i] === v)) return null;
  // The first chunk must be IHDR: width and height are its first two big-endian 32-bit fields.
  if (ascii(b, 12, 4) !== "IHDR") return null;
  return { type: "image/png", width: u32be(b, 16), height: u32be(b, 20) };
}

function sniffJpeg(b: Uint8Array): SniffedImage | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8 || b[2] !== 0xff) return null;
  let o = 2;
  while (o + 4 <= b.length) {
    if (b[o] !== 0xff) return null;
    const marker = b[o + 1]!;
    if (marker === 0xff) {
      o += 1; // fill byte
      continue;
    }
    // Markers without a length field.
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      o += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame header
    const length = u16be(b, o + 2);
    if (length < 2) return null;
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size: precision, height, width.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (o + 9 > b.length) return null;
      return { type: "image/jpeg", height: u16be(b, o + 5), width: u16be(b, o + 7) };
    }
    o += 2 + length;
  }
  return null;
}

function sniffWebp(b: Uint8Array): SniffedImage | null {
  if (b.length < 30 || ascii(b, 0, 4) !== "RIFF" || ascii(b, 8, 4) !== "WEBP") return null;
  const chunk = ascii(b, 12, 4);
  if (chunk === "VP8 ") {
    // Lossy: a key frame starts with the start code 9d 01 2a, then 14-bit width and height (little-endian).
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return { type: "image/webp", width: (b[26]! | (b[27]! << 8)) & 0x3fff, height: (b[28]! | (b[29]! << 8)) & 0x3fff };
  }
  if (chunk === "VP8L") {
    // Lossless: signature 0x2f, then width-1 and height-1 on 14 bits each.
    if (b[20] !== 0x2f) return null;
    const bits = (b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24)) >>> 0;
    return { type: "image/webp", width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
  }
  if (chunk === "VP8X") {
    // Extended: canvas width-1 and height-1 on 24 bits each.
    return { type: "image/webp", width: 1 + u24le(b, 24), height: 1 + u24le(b, 27) };
  }
  return null;
}

/** The image type and size read from the bytes; null when the content is not a PNG, JPEG or WebP we can read. */
export function sniffImageType(bytes: Uint8Array): SniffedImage | null {
  const found = sniffPng(bytes) ?? sniffJpeg(bytes) ?? sniffWebp(bytes);
  if (!found || found.width <= 0 || found.height <= 0) return null;
  return found;
}

export type AvatarProblem = "missing" | "too_large" | "type" | "too_big";

/**
 * Why an upload cannot be an avatar, or null when it can: empty, more than 2 MB, not a PNG/JPEG/WebP by content,
 * or more than 4000 × 4000 pixels.
 */
export function avatarProblem(bytes: Uint8Array | null | undefined, size = bytes?.length ?? 0): AvatarProblem | null {
  if (!bytes || size === 0) return "missing";
  if (size > AVATAR_MAX_BYTES) return "too_large";
  const image = sniffImageType(bytes);
  if (!image) return "type";
  if (image.width > AVATAR_MAX_PIXELS || image.height > AVATAR_MAX_PIXELS) return "too_big";
  return null;
}
