// A loopback TCP gate in front of a relay (test-only): a device connects to the gate, which forwards bytes both
// ways. The test decides what the network does: `cut()` drops every connection and refuses new ones (the relay
// gone, from the device's side), `open()` lets them in again, and `hold()` keeps what devices send from reaching
// the relay until `release()`. While bytes are held the relay cannot have acknowledged them, so a device that
// says "synced" then is saying something untrue: that is what the reconnect tests look for.
import { connect, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface TcpGate {
  /** ws://127.0.0.1:<gate's port>: give this to the device instead of the relay's URL. */
  url: string;
  cut(): void;
  open(): void;
  hold(): void;
  release(): void;
  /** Connections the gate has let through so far (each reconnection adds one). */
  connections(): number;
  close(): Promise<void>;
}

export async function startTcpGate(upstreamPort: number): Promise<TcpGate> {
  let refusing = false;
  let holding = false;
  let accepted = 0;
  const pairs = new Set<{ client: Socket; upstream: Socket; held: Buffer[] }>();

  const server: Server = createServer((client) => {
    if (refusing) return void client.destroy();
    accepted++;
    const upstream = connect(upstreamPort, '127.0.0.1');
    const pair = { client, upstream, held: [] as Buffer[] };
    pairs.add(pair);
    const end = (): void => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (d: Buffer) => (holding ? pair.held.push(d) : upstream.write(d)));
    upstream.on('data', (d: Buffer) => client.write(d));
    for (const s of [client, upstream]) {
      s.on('close', end);
      s.on('error', end);
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;

  const dropAll = (): void => {
    for (const p of [...pairs]) {
      pairs.delete(p);
      p.client.destroy();
      p.upstream.destroy();
    }
  };
  return {
    url: `ws://127.0.0.1:${port}`,
    cut() {
      refusing = true;
      dropAll();
    },
    open() {
      refusing = false;
    },
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      for (const p of pairs) for (const d of p.held.splice(0)) p.upstream.write(d);
    },
    connections: () => accepted,
    close: () =>
      new Promise<void>((r) => {
        dropAll();
        server.close(() => r());
      }),
  };
}
