import { describe, expect, it } from "vitest";
import { withTransfer } from "./entry.server";

/** The loader data goes inside <body>, in a data block the browser does not run and that cannot end early. */
describe("withTransfer", () => {
  it.each([
    ["plain", '[{"_1":2},"title","Congés payés"]'],
    ["a closing script tag in a value", '[{"_1":2},"comment","</script><script>alert(1)</script>"]'],
    ["an HTML comment opener and a backslash", '[{"_1":2},"comment","<!-- a\\\\b \\"q\\""]'],
  ])("%s: lands before </body> and reads back the same text", (_name, transfer) => {
    const html = withTransfer("<html><head></head><body><main></main></body></html>", transfer, "n0nce");
    expect(html.endsWith("</body></html>")).toBe(true);
    const block = /<script type="application\/json" id="remix-loader-data">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(block).not.toMatch(/</);
    // What the client enqueues is the block's text; turbo-stream parses it as JSON.
    expect(JSON.parse(block)).toEqual(JSON.parse(transfer));
    expect(html).toContain('<script nonce="n0nce">');
  });

  it("adds nothing without loader data", () => {
    expect(withTransfer("<html><body></body></html>", null, "")).toBe("<html><body></body></html>");
  });
});
