/**
 * Group 9's floor: what one Node process on this machine takes to write a build notice to N open
 * loopback sockets, with nothing else — no HTTP framing, no events, no build to load. It answers any
 * connection with an event stream's head, and on 'swap' (IPC) re-points a link (argv[2]), as a
 * refresh re-points `current`, then writes the notice to every socket in the order they opened;
 * the same observer process (stream-observer-child.ts) times swap → notice at the last one.
 * Messages: → { port } once listening; 'swap' → 'sent'.
 */
import fs from 'node:fs';
import net from 'node:net';

const link = process.argv[2] ?? '';
const HEAD = 'HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\n\r\nretry: 2000\n\n';
const NOTICE = '\nevent: build\ndata: {"build":"floor"}\n\n';

const sockets = new Set<net.Socket>();
const server = net.createServer((socket) => {
  sockets.add(socket);
  socket.on('error', () => undefined);
  socket.on('close', () => sockets.delete(socket));
  socket.write(HEAD);
});
let swaps = 0;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address !== null ? address.port : 0 });
});
process.on('message', (message: unknown) => {
  if (message !== 'swap') return;
  swaps += 1;
  const next = `${link}.${swaps}`;
  fs.symlinkSync(`target-${swaps}`, next);
  fs.renameSync(next, link);
  for (const socket of sockets) socket.write(NOTICE);
  process.send?.('sent');
});
process.on('disconnect', () => process.exit(0));
