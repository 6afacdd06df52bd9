// A share of bench/sockets.mjs's client sockets, in a process of its own (forked by it; run.mjs skips files starting
// with _): so that 10,000 sockets do not decode their frames on one event loop and the delivery figure measures the
// server, not the bench. Messages from the parent: {connect: {base, tokens, concurrency, client}} → opens one socket per
// token and answers {connected, failures, ms}; {arm: true} → forgets the arrivals of the previous round and answers
// {armed}; {report: true} → answers {arrivals, disconnects, cpuMs (since the arm)}. Once every connected socket has its NOTIFICATION it sends
// {done: true} by itself. Times are on the clock all the bench's processes share:
// performance.timeOrigin + performance.now() (wall-clock based, sub-millisecond).
import { performance } from 'node:perf_hooks';
import { io } from 'socket.io-client';
import { WebSocket } from 'ws';

const now = () => performance.timeOrigin + performance.now();
const sockets = [];
let arrivals = [];
let received = 0;
let connected = 0;
let disconnects = 0;
let cpuAtArm = process.cpuUsage();

/** What a socket does once it is told apart from the others: i is its index among this process's tokens. */
const onNotification = (i) => () => {
  if (arrivals[i]) return;
  arrivals[i] = now();
  if (++received === connected) process.send({ done: true });
};

/** socket.io-client, as the web app connects: resolves true once connected, false on a refusal. */
function openSocketIo(base, token, i) {
  return new Promise((resolve) => {
    const s = io(base, {
      path: '/socket.io',
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      timeout: 60_000,
    });
    s.on('NOTIFICATION', onNotification(i));
    s.on('disconnect', () => disconnects++);
    s.once('connect', () => resolve(true));
    s.once('connect_error', () => resolve(false));
    sockets.push(s);
  });
}

/**
 * The same handshake over a bare websocket, speaking Engine.IO 4 / Socket.IO 5 itself: open packet `0{…}`, CONNECT
 * `40{"token":…}` answered by `40{"sid":…}` (or CONNECT_ERROR `44…`), pings `2` answered by pongs `3`; a NOTIFICATION
 * is an EVENT `42["NOTIFICATION",{…}]`. Decoding a frame costs the client far less than socket.io-client's stack,
 * so 10,000 of them on the bench's cores take less CPU from the server under test.
 */
function openRaw(base, token, i) {
  return new Promise((resolve) => {
    const s = new WebSocket(`${base.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`);
    const notified = onNotification(i);
    let open = false;
    s.on('message', (data) => {
      const m = data.toString();
      if (m.startsWith('42["NOTIFICATION"')) notified();
      else if (m === '2') s.send('3');
      else if (m.startsWith('0{')) s.send(`40${JSON.stringify({ token })}`);
      else if (m.startsWith('40')) {
        open = true;
        resolve(true);
      } else if (m.startsWith('44')) resolve(false);
    });
    s.on('close', () => (open ? disconnects++ : resolve(false)));
    s.on('error', () => resolve(false));
    sockets.push(s);
  });
}

async function connectAll({ base, tokens, concurrency, client }) {
  arrivals = new Array(tokens.length).fill(0);
  const openOne = client === 'socket.io' ? openSocketIo : openRaw;
  let failures = 0;
  let next = 0;
  const t0 = now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < tokens.length) {
        const i = next++;
        if (await openOne(base, tokens[i], i)) connected++;
        else failures++;
      }
    }),
  );
  process.send({ connected, failures, ms: now() - t0 });
}

process.on('message', (msg) => {
  if (msg.connect) void connectAll(msg.connect);
  if (msg.arm) {
    arrivals.fill(0);
    received = 0;
    cpuAtArm = process.cpuUsage();
    process.send({ armed: true });
  }
  if (msg.report) {
    const cpu = process.cpuUsage(cpuAtArm);
    process.send({ arrivals: arrivals.filter(Boolean), disconnects, cpuMs: (cpu.user + cpu.system) / 1000 });
  }
  if (msg.close) {
    for (const s of sockets) s.close();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
