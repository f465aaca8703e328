import { describe, expect, it } from "vitest";
import { AVATAR_MAX_BYTES, avatarProblem, sniffImageType } from "./settings-image";

/** Header-only images: enough bytes for the sniffer, built like the real formats lay them out. */
function png(width: number, height: number): Uint8Array {
  const b = new Uint8Array(33);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(b.buffer).setUint32(16, width);
  new DataView(b.buffer).setUint32(20, height);
  return b;
}
function jpeg(width: number, height: number, sof = 0xc0): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const dht = [0xff, 0xc4, 0x00, 0x04, 0x00, 0x00];
  const frame = [0xff, sof, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 3];
  return new Uint8Array([0xff, 0xd8, ...app0, ...dht, ...frame, ...new Array(12).fill(0)]);
}
function riff(chunk: string, body: number[]): Uint8Array {
  const b = new Uint8Array(40);
  b.set([..."RIFF"].map((c) => c.charCodeAt(0)), 0);
  b.set([..."WEBP"].map((c) => c.charCodeAt(0)), 8);
  b.set([...chunk].map((c) => c.charCodeAt(0)), 12);
  b.set(body, 20);
  return b;
}
function webpLossy(width: number, height: number) {
  return riff("VP8 ", [0, 0, 0, 0x9d, 0x01, 0x2a, width & 0xff, width >> 8, height & 0xff, height >> 8]);
}
function webpLossless(width: number, height: number) {
  const bits = (width - 1) | ((height - 1) << 14);
  return riff("VP8L", [0x2f, bits & 0xff, (bits >>> 8) & 0xff, (bits >>> 16) & 0xff, (bits >>> 24) & 0xff]);
}
function webpExtended(width: number, height: number) {
  const w = width - 1;
  const h = height - 1;
  return riff("VP8X", [0, 0, 0, 0, w & 0xff, (w >> 8) & 0xff, (w >> 16) & 0xff, h & 0xff, (h >> 8) & 0xff, (h >> 16) & 0xff]);
}
const text = (s: string) => new TextEncoder().encode(s);

/** A real 1 × 1 PNG, as any image editor writes it. */
const REAL_PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

describe("sniffImageType", () => {
  it.each([
    ["a real 1×1 PNG", REAL_PNG, { type: "image/png", width: 1, height: 1 }],
    ["a PNG header", png(640, 480), { type: "image/png", width: 640, height: 480 }],
    ["a baseline JPEG (SOF0 after APP0 and DHT)", jpeg(800, 600), { type: "image/jpeg", width: 800, height: 600 }],
    ["a progressive JPEG (SOF2)", jpeg(120, 90, 0xc2), { type: "image/jpeg", width: 120, height: 90 }],
    ["a lossy WebP", webpLossy(300, 200), { type: "image/webp", width: 300, height: 200 }],
    ["a lossless WebP", webpLossless(4000, 1), { type: "image/webp", width: 4000, height: 1 }],
    ["an extended WebP", webpExtended(5000, 3000), { type: "image/webp", width: 5000, height: 3000 }],
  ])("reads %s", (_name, bytes, expected) => {
    expect(sniffImageType(bytes)).toEqual(expected);
  });

  it.each([
    ["empty bytes", new Uint8Array()],
    ["a text file named .png", text("hello, I am not an image at all, promise")],
    ["an SVG (scriptable, refused)", text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>')],
    ["a GIF", text("GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000")],
    ["a truncated PNG", png(10, 10).subarray(0, 20)],
    ["a PNG whose first chunk is not IHDR", (() => { const b = png(1, 1); b[12] = 0x58; return b; })()],
    ["a PNG of zero width", png(0, 10)],
    ["a JPEG without frame header", new Uint8Array([0xff, 0xd8, 0xff, 0xd9])],
    ["a WebP with a bad start code", riff("VP8 ", [0, 0, 0, 0, 0, 0, 1, 0, 1, 0])],
    ["a RIFF that is not WebP (WAV)", (() => { const b = riff("fmt ", []); b.set(text("WAVE"), 8); return b; })()],
  ])("refuses %s", (_name, bytes) => {
    expect(sniffImageType(bytes)).toBeNull();
  });
});

describe("avatarProblem", () => {
  it.each([
    ["a small PNG", REAL_PNG, undefined, null],
    ["exactly 4000×4000", png(4000, 4000), undefined, null],
    ["4001 pixels wide", png(4001, 10), undefined, "too_big"],
    ["4001 pixels high (JPEG)", jpeg(10, 4001), undefined, "too_big"],
    ["a 5000×3000 WebP", webpExtended(5000, 3000), undefined, "too_big"],
    ["a text file", text("not an image, just some text"), undefined, "type"],
    ["nothing", null, undefined, "missing"],
    ["an empty file", new Uint8Array(), undefined, "missing"],
    ["more than 2 MB (size checked before the content)", png(10, 10), AVATAR_MAX_BYTES + 1, "too_large"],
    ["exactly 2 MB", png(10, 10), AVATAR_MAX_BYTES, null],
  ])("%s -> %s", (_name, bytes, size, expected) => {
    expect(avatarProblem(bytes, size)).toBe(expected);
  });
});
