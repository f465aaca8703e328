import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { useJobRunner } from "~/server/operations/job-runner.server";
import { compressDocument } from "~/server/shared/compress-document.server";
import { RETRY_AFTER_SECONDS } from "~/server/operations/unavailable.server";
import { NonceProvider } from "~/ui/shared/nonce";

// The web process hands the job registry to the queue for its inline mode (issue 45: app/server never imports
// app/jobs). Lazy: the registry loads with the first inline job.
useJobRunner(() => import("./jobs/registry.server"));

/** Kept for Remix: nothing streams (no loader defers), so nothing waits on it. */
export const streamTimeout = 5_000;

/**
 * Renders the whole document with `renderToString` (docs/decisions/0026): our loaders never defer, so the streaming
 * renderer only cost time (2–3 × on tables). The loader data Remix would stream after `</html>` is read at once and
 * written as one script just before `</body>`, which keeps the document valid and the page usable without
 * JavaScript; the status code is known before the first byte.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = (loadContext as { cspNonce?: string }).cspNonce ?? "";
  const transfer = await readAll(remixContext.serverHandoffStream);
  // Without the stream RemixServer renders no <StreamTransfer> (its scripts would land after </html>).
  remixContext.serverHandoffStream = undefined;
  const markup = renderToString(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // A page's 503 (the database away, decision 0094) is the root boundary's render: the thrown answer's headers are not
  // kept, so its Retry-After is set here, as /api's (issue 42 §9).
  if (responseStatusCode === 503) {
    responseHeaders.set("Retry-After", String(RETRY_AFTER_SECONDS));
    responseHeaders.set("Cache-Control", "no-store");
  }
  // Bytes, not a string: undici would scan a string body for lone surrogates, then encode it anyway (2 % of a page).
  // Compressed here in one call, not by the middleware's per-answer stream (decision 0142).
  const body = compressDocument(request, responseHeaders, Buffer.from(`<!DOCTYPE html>${withTransfer(markup, transfer, nonce)}`));
  const response = new Response(body, {
    headers: responseHeaders,
    status: responseStatusCode,
  });
  // The same bytes for scripts/lib/app.ts's document path (decision 0145): written to the socket in one call instead
  // of being pumped out of the Response's stream. The body stays for anyone else reading the Response.
  Object.defineProperty(response, DOCUMENT_BYTES, { value: body });
  return response;
}

/** The key under which a rendered document's finished bytes ride on its Response (a registered symbol: the build and
 * the server script each load their own copy of the modules). */
export const DOCUMENT_BYTES = Symbol.for("cadran.documentBytes");

/**
 * The loader data, as the client's `window.__remixContext.streamController` expects it, inside <body>: the text sits
 * unescaped in a data block (`<` written `\u003c`, which only occurs inside its JSON strings), a JSON string literal
 * would escape every quote of it (about 15 % more bytes).
 */
export function withTransfer(markup: string, transfer: string | null, nonce: string): string {
  if (transfer === null) return markup;
  const nonceAttr = nonce ? ` nonce="${nonce}"` : "";
  const script =
    `<script type="application/json" id="remix-loader-data">${transfer.replace(/</g, "\\u003c")}</script>` +
    `<script${nonceAttr}>(function(c,d){c.enqueue(d.textContent);c.close()})` +
    `(window.__remixContext.streamController,document.getElementById("remix-loader-data"))</script>`;
  const at = markup.lastIndexOf("</body>");
  return at < 0 ? markup + script : markup.slice(0, at) + script + markup.slice(at);
}

async function readAll(stream: ReadableStream<Uint8Array> | undefined): Promise<string | null> {
  if (!stream) return null;
  const decoder = new TextDecoder();
  let text = "";
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // A client's mistake Remix answers itself (405: a POST to a page without an action) is not a server error.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error("[remix] unhandled error", error);
}
