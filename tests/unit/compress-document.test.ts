import { brotliDecompressSync, gunzipSync, gzipSync, inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { chooseEncoding, compressDocument, COMPRESS_THRESHOLD, encodeBody, GZIP_LEVEL } from "~/server/shared/compress-document.server";

/** The document's own compression (decision 0142): the same choices as the `compression` middleware's negotiation. */
describe("chooseEncoding", () => {
  it.each<[string | null, string | null]>([
    [null, null],
    ["", null],
    ["identity", null],
    ["gzip", "gzip"],
    ["gzip, deflate", "gzip"],
    ["deflate", "deflate"],
    ["gzip, deflate, br", "br"], // a browser: brotli preferred at the same weight
    ["br;q=0.5, gzip", "gzip"], // the heavier weight wins
    ["br;q=0, gzip;q=0", null], // refused both
    ["GZIP", "gzip"], // names are case-insensitive
    ["*", "br"],
    ["*, br;q=0", "gzip"],
    ["gzip;q=0.5, identity", null], // the bytes as they are, asked for above gzip
    ["gzip;q=0.5", "gzip"],
    ["gzip;q=abc", null], // a malformed weight counts as refusal
    ["compress, zstd", null], // nothing we make
  ])("%j → %j", (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe("compressDocument", () => {
  const page = Buffer.from(`<!DOCTYPE html><html><body>${"<p>Congés payés du 01/06/2026 au 05/06/2026</p>".repeat(100)}</body></html>`);
  const request = (method: string, acceptEncoding?: string) =>
    new Request("http://cadran.test/leave/me", { method, headers: acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {} });

  it.each([
    ["br", (b: Buffer) => brotliDecompressSync(b)],
    ["gzip", (b: Buffer) => gunzipSync(b)],
    ["deflate", (b: Buffer) => inflateSync(b)],
  ] as const)("%s: decodes to the same bytes, with its length", (encoding, decode) => {
    const headers = new Headers();
    const out = compressDocument(request("GET", encoding), headers, page);
    expect(headers.get("Content-Encoding")).toBe(encoding);
    expect(headers.get("Content-Length")).toBe(String(out.length));
    expect(out.length).toBeLessThan(page.length / 4);
    expect(decode(out).equals(page)).toBe(true);
  });

  it("leaves a small page, a HEAD and a client without compression as they are, with their length", () => {
    const small = Buffer.alloc(COMPRESS_THRESHOLD - 1, "a");
    for (const [req, body] of [
      [request("GET", "gzip, br"), small],
      [request("HEAD", "gzip, br"), page],
      [request("GET"), page],
      [request("GET", "identity"), page],
    ] as const) {
      const headers = new Headers();
      expect(compressDocument(req, headers, body)).toBe(body);
      expect(headers.get("Content-Encoding")).toBeNull();
      expect(headers.get("Content-Length")).toBe(String(body.length));
    }
  });
});

describe("gzip at level 4 (decision 0145)", () => {
  it("writes zlib's level-4 bytes, which decode to the page, within a few percent of the default level's size", () => {
    const rows = Array.from({ length: 300 }, (_, i) => `<tr><th scope="row"><a href="/leave/detail/${i}">Congé payé</a></th><td>du ${(i % 28) + 1}/03/2027 au ${(i % 28) + 1}/04/2027</td><td>${i % 9} jours</td></tr>`);
    const page = Buffer.from(`<!DOCTYPE html><html lang="fr"><body><table>${rows.join("")}</table></body></html>`);
    expect(GZIP_LEVEL).toBe(4);
    const gz = encodeBody(page, "gzip");
    expect(gz.equals(gzipSync(page, { level: 4 }))).toBe(true);
    expect(gunzipSync(gz).equals(page)).toBe(true);
    expect(gz.length).toBeLessThanOrEqual(gzipSync(page).length * 1.1);
  });
});
