import net from "node:net";

/**
 * A TCP proxy on a spare port in front of a real server (PostgreSQL, Redis): `close()` makes the port refuse
 * connections and cuts the open ones, as an outage of that server would; `open()` brings it back. The machine's
 * shared servers never notice.
 */
export async function tcpProxy(targetPort: number, targetHost = "127.0.0.1") {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  const port = await new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const p = (probe.address() as net.AddressInfo).port;
      probe.close(() => resolve(p));
    });
  });
  const handle = {
    port,
    async open() {
      if (server) return;
      server = net.createServer((client) => {
        const upstream = net.connect(targetPort, targetHost);
        sockets.add(client);
        sockets.add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on("error", drop).on("close", drop);
        upstream.on("error", drop).on("close", drop);
        client.pipe(upstream).pipe(client);
      });
      await new Promise<void>((resolve) => server!.listen(port, "127.0.0.1", () => resolve()));
    },
    async close() {
      const s = server;
      server = undefined;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
  return handle;
}
