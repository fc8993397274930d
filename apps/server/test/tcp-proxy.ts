import net from 'node:net';

/**
 * A TCP proxy between Rally and PostgreSQL for fault tests: forwards every
 * connection to `target`, and can reset them all at once (RST both ways, as
 * a network blip, a pooler restart or a failover would) and refuse new ones
 * for a while (the database is away).
 */
export interface TcpProxy {
  /** The proxy's port on 127.0.0.1. */
  port: number;
  /** Connections currently forwarded. */
  open(): number;
  /** Resets every forwarded connection, both sides, at once. */
  resetAll(): void;
  /** While true, every new connection is reset as soon as it is accepted. */
  setRefusing(isRefusing: boolean): void;
  close(): Promise<void>;
}

/** Starts a {@link TcpProxy} to `target` (host and port). */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<[net.Socket, net.Socket]>();
  let isRefusing = false;
  const server = net.createServer((client) => {
    if (isRefusing) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      if (!client.destroyed) client.resetAndDestroy();
      if (!upstream.destroyed) upstream.resetAndDestroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const resetAll = () => {
    for (const [client, upstream] of [...pairs]) {
      client.resetAndDestroy();
      upstream.resetAndDestroy();
    }
    pairs.clear();
  };
  return {
    port: (server.address() as net.AddressInfo).port,
    open: () => pairs.size,
    resetAll,
    setRefusing(value) {
      isRefusing = value;
    },
    close() {
      resetAll();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
