// A TCP pass-through between a server and its database, for cutting the line on purpose: `cut`
// drops every connection through it at once (the database's side sees the client vanish, the
// server's side sees its socket reset), `refuse` also stops listening (the database is
// unreachable: connection refused) until `accept`.
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export interface TcpCut {
  port: number;
  /** Connections passed through so far (each a connection the server's pool opened). */
  readonly opened: number;
  cut(): void;
  refuse(): Promise<void>;
  accept(): Promise<void>;
  close(): Promise<void>;
}

export async function tcpCut(target: { host: string; port: number }): Promise<TcpCut> {
  const sockets = new Set<Socket>();
  let opened = 0;
  const make = (): Server =>
    createServer((inbound) => {
      opened += 1;
      const outbound = createConnection(target);
      for (const socket of [inbound, outbound]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        // A cut shows as an error on the other side; here it only ends the pair.
        socket.on('error', () => {
          inbound.destroy();
          outbound.destroy();
        });
      }
      inbound.pipe(outbound);
      outbound.pipe(inbound);
    });
  const listen = (server: Server, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  let server: Server | null = make();
  const port = await listen(server, 0);
  const cut = () => {
    for (const socket of sockets) socket.resetAndDestroy();
  };
  const stop = async () => {
    const closing = server;
    server = null;
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  return {
    port,
    get opened() {
      return opened;
    },
    cut,
    refuse: async () => {
      const stopped = stop();
      cut();
      await stopped;
    },
    accept: async () => {
      if (server) return;
      server = make();
      await listen(server, port);
    },
    close: async () => {
      const stopped = stop();
      cut();
      await stopped;
    },
  };
}
