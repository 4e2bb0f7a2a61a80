import { request } from 'node:http';

/*
 * What a parent's browser actually downloads: the body bytes as they cross the socket, encoded
 * as the server chose for a browser's Accept-Encoding, before anything decodes them. node:http
 * (unlike fetch) hands over the bytes undecoded.
 */
const BROWSER = 'gzip, deflate, br, zstd';

export function wireSize(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; bytes: number; encoding: string }> {
  return new Promise((done, fail) => {
    const req = request(url, { headers: { 'accept-encoding': BROWSER, ...headers } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () =>
        done({
          status: res.statusCode ?? 0,
          bytes,
          encoding: String(res.headers['content-encoding'] ?? 'identity'),
        }),
      );
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}
