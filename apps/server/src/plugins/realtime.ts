import { userChannel } from '@cairn/shared';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { Realtime, RealtimeServer } from './realtime.types';
import { guardSockets } from './realtime-sessions';
import { securityHeaders } from './security-headers';

/** What socket.io's adapter itself hands a client for a packet it encoded once (socket.io-adapter `broadcast`). */
interface PreEncodedWriter {
  writeToEngine(packets: string[], opts: { preEncoded: true; wsPreEncodedFrame?: Buffer[] }): void;
}

/** The parts of an engine.io connection (and its `ws` websocket) that `writeFrameNow` reads. */
interface EngineConnection {
  readyState: string;
  writeBuffer: unknown[];
  transport: {
    name: string;
    writable: boolean;
    perMessageDeflate?: unknown;
    socket?: { readyState: number; _sender?: { _queue?: unknown[]; sendFrame?: (list: Buffer[]) => void } };
  };
}

/**
 * Writes a pre-built frame straight to the connection's websocket when nothing of engine.io's is waiting (open,
 * websocket transport, no compression, its packet queue empty and no write of its in flight), so the frame cannot
 * overtake an earlier packet; what engine.io's transport itself does with a pre-encoded frame, minus its per-packet
 * bookkeeping (packet object, flush, drain and ready events), ≈ 15 % of the fan-out's CPU. False when any of it does
 * not hold (the caller then goes through engine.io).
 */
function writeFrameNow(conn: EngineConnection, frame: Buffer[]): boolean {
  const t = conn.transport;
  const sender = t.socket?._sender;
  if (
    conn.readyState !== 'open' ||
    conn.writeBuffer.length > 0 ||
    t.name !== 'websocket' ||
    !t.writable ||
    t.perMessageDeflate ||
    t.socket?.readyState !== 1 ||
    typeof sender?.sendFrame !== 'function' ||
    (sender._queue?.length ?? 0) > 0
  )
    return false;
  sender.sendFrame(frame);
  return true;
}

/**
 * The unmasked websocket text frame of an Engine.IO message packet ("4" + the Socket.IO packet) as ONE buffer: the
 * websocket transport then writes it in one call (socket.io-adapter precomputes a header and a payload buffer, which
 * costs a corked writev per socket). Undefined for large payloads (the transport frames those itself).
 */
export function wsMessageFrame(packet: string): Buffer[] | undefined {
  const length = Buffer.byteLength(packet) + 1;
  if (length > 0xffff) return undefined;
  const header = length > 125 ? 4 : 2;
  const frame = Buffer.allocUnsafe(header + length);
  frame[0] = 0x81; // FIN, text
  if (header === 2) frame[1] = length;
  else {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  }
  frame[header] = 0x34; // "4": Engine.IO message
  frame.write(packet, header + 1);
  return [frame];
}

/**
 * Socket.IO on /socket.io: the handshake's auth.token is an access token; each socket joins `channel-{userId}` and
 * lives as long as its session and token (realtime-sessions.ts).
 */
export default fp(
  async function realtimePlugin(app: FastifyInstance) {
    const io: RealtimeServer = new Server(app.server, { path: '/socket.io', serveClient: false });
    // Engine.IO answers /socket.io outside Fastify's hooks: the same security headers on its responses too
    const headers = Object.entries(securityHeaders(app.config));
    io.engine.use((_req: unknown, res: { setHeader(name: string, value: string): void }, next: () => void) => {
      for (const [name, value] of headers) res.setHeader(name, value);
      next();
    });
    if (app.config.redisUrl) {
      const pub = new Redis(app.config.redisUrl, { lazyConnect: true });
      const sub = pub.duplicate();
      for (const c of [pub, sub]) c.on('error', (err) => app.log.warn({ err }, 'realtime redis error'));
      await Promise.all([pub.connect(), sub.connect()]);
      io.adapter(createAdapter(pub, sub, { key: app.config.realtimeKey }));
      app.addHook('onClose', async () => {
        await Promise.all([pub.quit().catch(() => {}), sub.quit().catch(() => {})]);
      });
    }

    // the handshake's token, its expiry, revocations and the per-user and per-connection limits
    guardSockets(app, io);

    const main = io.of('/');
    /**
     * Writes one encoded packet to the sockets of `sids`: straight to the websocket where nothing of engine.io's
     * waits (writeFrameNow), else through engine.io with the frame pre-encoded. No allocation per socket.
     */
    function writeToSockets(sids: Set<string>, packet: string): void {
      const frame = wsMessageFrame(packet);
      let opts: { preEncoded: true; wsPreEncodedFrame?: Buffer[] } | undefined;
      for (const sid of sids) {
        const socket = main.sockets.get(sid);
        if (!socket || (frame && writeFrameNow(socket.conn as unknown as EngineConnection, frame))) continue;
        opts ??= { preEncoded: true, wsPreEncodedFrame: frame };
        (socket.client as unknown as PreEncodedWriter).writeToEngine([packet], opts);
      }
    }
    app.decorate('realtime', {
      io,
      emitToUser(userId, event, ...args) {
        io.to(userChannel(userId)).emit(event, ...args);
      },
      emitToLocalUser(userId, event, ...args) {
        const sids = main.adapter.rooms.get(userChannel(userId));
        // a Socket.IO EVENT packet ("2") on the main namespace, no ack, never binary (the data came as JSON)
        if (sids) writeToSockets(sids, `2${JSON.stringify([event, ...args])}`);
      },
      notifyLocalUser(userId, id) {
        const sids = main.adapter.rooms.get(userChannel(userId));
        // what emitToLocalUser(userId, 'NOTIFICATION', { id }) encodes, written without JSON.stringify
        if (sids) writeToSockets(sids, `2["NOTIFICATION",{"id":${id}}]`);
      },
    } satisfies Realtime);
    // Fastify closes the HTTP server itself, so only the sockets and the engine are ours to close
    app.addHook('preClose', async () => {
      io.disconnectSockets(true);
      io.engine.close();
    });
  },
  { name: 'realtime', dependencies: ['db'] },
);
