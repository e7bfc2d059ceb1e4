import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local HTTP server answering fixed documents by path, as a feed publisher would; counts requests. */
export async function feedServer(documents: Record<string, string | { status: number; body: string }>) {
  const hits: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/';
    hits.push(path);
    const document = documents[path];
    if (document === undefined) {
      response.writeHead(404).end('not found');
      return;
    }
    const { status, body } = typeof document === 'string' ? { status: 200, body: document } : document;
    response.writeHead(status, { 'content-type': 'text/plain' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    hits,
    documents,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
