import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** One event a Sentry-compatible server received: the envelope item of type "event". */
export type ReceivedEvent = Record<string, unknown> & {
  release?: string;
  tags?: Record<string, string>;
  exception?: { values?: { type?: string; value?: string }[] };
};

/**
 * A local stand-in for a Sentry server, as a self-hosted one receives reports: POST /api/{project}/envelope/,
 * newline-separated JSON (envelope header, then item header + payload pairs). Keeps the events and the raw bodies.
 */
export async function startSentryReceiver(port = 0): Promise<{
  dsn: string;
  events: ReceivedEvent[];
  raw: string[];
  close(): Promise<void>;
}> {
  const events: ReceivedEvent[] = [];
  const raw: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      const text = body.toString('utf8');
      raw.push(text);
      const lines = text.split('\n').filter(Boolean);
      for (let i = 1; i + 1 < lines.length; i += 2) {
        const header = JSON.parse(lines[i]) as { type?: string };
        if (header.type === 'event') events.push(JSON.parse(lines[i + 1]) as ReceivedEvent);
      }
      res.writeHead(200, {
        'content-type': 'application/json',
        'access-control-allow-origin': '*',
        'access-control-allow-headers': '*',
      });
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  const bound = (server.address() as AddressInfo).port;
  return {
    dsn: `http://cairnpublickey@127.0.0.1:${bound}/1`,
    events,
    raw,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
