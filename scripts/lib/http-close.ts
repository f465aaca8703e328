import type { IncomingMessage, Server, ServerResponse } from "node:http";

/**
 * Stops an HTTP server without waiting for kept-alive connections (issue 42 §8): `server.close()` alone waits until
 * every kept-alive socket is closed by its client — up to the 65-s keep-alive of serve.ts, so a stop always ran to
 * its 10-s cap and cut the calls in flight then. From the call on, idle connections are closed at once, every answer
 * still to send carries `Connection: close`, and each connection closes when its last request ends: the returned
 * promise resolves as soon as the last request in flight has been answered. Install it right after `listen`.
 */
export function gracefulClose(server: Server): () => Promise<void> {
  const open = new Set<ServerResponse>();
  let closing = false;
  server.on("request", (_req: IncomingMessage, res: ServerResponse) => {
    open.add(res);
    if (closing && !res.headersSent) res.setHeader("Connection", "close");
    res.once("close", () => {
      open.delete(res);
      if (closing) server.closeIdleConnections();
    });
  });
  return () =>
    new Promise<void>((resolve) => {
      closing = true;
      server.close(() => resolve());
      for (const res of open) if (!res.headersSent) res.setHeader("Connection", "close");
      server.closeIdleConnections();
    });
}
