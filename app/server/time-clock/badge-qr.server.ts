import QRCode from "qrcode";

/**
 * The badge's QR code as inline SVG, drawn on the server (decision 0137: no script, prints as vectors). Error
 * correction M (15 %: a worn or scratched badge still reads), a 4-module quiet zone (the standard's), black on white.
 * Returns the `<svg>` element alone (no XML declaration), sized by its container.
 */
export async function badgeQrSvg(content: string): Promise<string> {
  const svg = await QRCode.toString(content, { type: "svg", errorCorrectionLevel: "M", margin: 4, color: { dark: "#000000", light: "#ffffff" } });
  return svg.replace(/^<\?xml[^>]*>\s*/, "").replace("<svg ", '<svg aria-hidden="true" focusable="false" width="100%" height="100%" ').trim();
}
