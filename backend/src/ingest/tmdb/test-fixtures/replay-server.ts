import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Tests only: a local HTTP server answering like a remote API, recording what it received. */
export interface ReceivedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  /** Server-side arrival time (performance.now()), for rate assertions. */
  at: number;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  /** A string is sent as is; anything else as JSON. */
  body?: unknown;
}

export interface ReplayServer {
  /** http://127.0.0.1:<random port> */
  url: string;
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

export async function startReplayServer(answer: (request: ReceivedRequest) => Reply | Promise<Reply>): Promise<ReplayServer> {
  const requests: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    const at = performance.now();
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const request: ReceivedRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at };
      requests.push(request);
      Promise.resolve()
        .then(() => answer(request))
        .then(
          (reply) => {
            const body = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
            res.writeHead(reply.status ?? 200, { 'content-type': 'application/json;charset=utf-8', ...reply.headers });
            res.end(body);
          },
          (error: unknown) => {
            res.writeHead(500, { 'content-type': 'text/plain' });
            res.end(String(error));
          },
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
