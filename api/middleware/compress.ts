import { createHash } from 'node:crypto';
import { Duplex } from 'node:stream';
import { promisify } from 'node:util';
import {
  brotliCompress,
  constants,
  createBrotliCompress,
  createGzip,
  gzip as gzipCb,
} from 'node:zlib';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import { replaceResponse, setResponseHeader } from '../http/response-headers.ts';
import { textBody } from '../http/response-text.ts';

/*
 * Text answers (the widget's JS, the dashboard's HTML and CSS, every JSON reply) go out brotli- or
 * gzip-compressed, whichever the browser accepts (brotli first: smaller at the same cost). Our
 * own middleware rather than hono/compress, which only speaks gzip and deflate through
 * CompressionStream; Node's zlib has brotli built in. JSON is compressed per request at brotli
 * quality 5 (its default 11 costs tens of milliseconds of CPU per large listing); built assets
 * once, at the best settings (below).
 */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml)|image\/svg\+xml)/i;
/** Below this, headers outweigh the saving. */
const THRESHOLD = 1024;
/** Produced a piece at a time (CSV exports): compressed as they stream, never held whole. */
const STREAMED = /^text\/(csv|event-stream)/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

type Encoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCb);

/**
 * Browsers send one of a handful of `Accept-Encoding` values, so each is worked out once: parsing
 * it was a twentieth of a kept public read's time. Bounded, as the header is the client's.
 */
const chosen = new Map<string, Encoding | null>();
const MAX_CHOSEN = 64;

/** The best encoding the client accepts (q > 0), brotli preferred over gzip at equal weight. */
export function chooseEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const known = chosen.get(header);
  if (known !== undefined) return known;
  const encoding = parseAcceptEncoding(header);
  if (chosen.size >= MAX_CHOSEN) chosen.delete(chosen.keys().next().value as string);
  chosen.set(header, encoding);
  return encoding;
}

function parseAcceptEncoding(header: string): Encoding | null {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    weights.set(name.trim().toLowerCase(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (name: Encoding) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weight('br');
  const gzip = weight('gzip');
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : null;
}

function brotliOptions(sizeHint: number | null, quality = 5) {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      ...(sizeHint ? { [constants.BROTLI_PARAM_SIZE_HINT]: sizeHint } : {}),
    },
  };
}

/*
 * Built assets (the widget, the dashboard) are the same bytes for every request, so each is
 * compressed once at the best settings (brotli 11, gzip 9: the widget comes out a tenth smaller
 * than at the per-request settings) and kept, keyed by a hash of its content so a rebuild is
 * picked up. Bounded: the oldest entries go first.
 */
const ASSET = /^(text\/(javascript|css|html)|application\/javascript)/i;
const packedAssets = new Map<string, Buffer>();
const MAX_PACKED_ASSETS = 200;

async function pack(body: Buffer, encoding: Encoding, type: string): Promise<Buffer> {
  if (!ASSET.test(type)) {
    return encoding === 'br' ? brotli(body, brotliOptions(body.length)) : gzip(body, { level: 6 });
  }
  const key = `${encoding}:${createHash('sha256').update(body).digest('base64')}`;
  const kept = packedAssets.get(key);
  if (kept) return kept;
  const packed =
    encoding === 'br'
      ? await brotli(body, brotliOptions(body.length, 11))
      : await gzip(body, { level: 9 });
  if (packedAssets.size >= MAX_PACKED_ASSETS) {
    packedAssets.delete(packedAssets.keys().next().value as string);
  }
  packedAssets.set(key, packed);
  return packed;
}

function compressor(encoding: Encoding, sizeHint: number | null) {
  if (encoding === 'gzip') return createGzip({ level: 6 });
  return createBrotliCompress(brotliOptions(sizeHint));
}

export const compressResponses = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const res = c.res;
  const type = res.headers.get('Content-Type') ?? '';
  const length = res.headers.get('Content-Length');
  // Headers and status first, the body last: on the Node server, asking for `res.body` turns
  // the answer into a whole fetch Response with a stream, which for a small JSON answer cost
  // more than building it. A client that accepts no encoding gets the answer untouched.
  if (
    c.req.method === 'HEAD' ||
    res.status === 204 ||
    res.status === 206 ||
    res.status === 304 ||
    res.headers.has('Content-Encoding') ||
    !COMPRESSIBLE.test(type) ||
    NO_TRANSFORM.test(res.headers.get('Cache-Control') ?? '') ||
    (length !== null && Number(length) < THRESHOLD)
  ) {
    return;
  }
  const text = textBody(res);
  if (text !== undefined && Buffer.byteLength(text) < THRESHOLD) return;
  const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
  if (!encoding) {
    varyOnEncoding(c);
    return;
  }
  if (text === undefined && !res.body) return;
  if (STREAMED.test(type) && res.body) {
    varyOnEncoding(c);
    const stream = Duplex.toWeb(compressor(encoding, null));
    replaceResponse(
      c,
      new Response(
        res.body.pipeThrough(stream as unknown as ReadableWritablePair<Uint8Array, Uint8Array>),
        res,
      ),
    );
  } else {
    // Everything else is built whole before it is sent, so its size is known and it is
    // compressed on libuv's thread pool: a large listing never stalls the event loop. A kept
    // public read was compressed by the first answer that needed it.
    const kept = c.get('keptRead');
    let packed = kept?.packed[encoding];
    if (!packed) {
      const body = text === undefined ? Buffer.from(await res.arrayBuffer()) : Buffer.from(text);
      if (body.length < THRESHOLD) {
        replaceResponse(c, new Response(body, res));
        return;
      }
      packed = await pack(body, encoding, type);
      if (kept) kept.packed[encoding] = packed;
    }
    varyOnEncoding(c);
    replaceResponse(c, new Response(new Uint8Array(packed), res));
    c.res.headers.set('Content-Length', String(packed.length));
  }
  c.res.headers.set('Content-Encoding', encoding);
  if (STREAMED.test(type)) c.res.headers.delete('Content-Length');
  // The bytes differ per encoding, so a strong validator would be a lie; weak still validates.
  const etag = c.res.headers.get('ETag');
  if (etag && !etag.startsWith('W/')) c.res.headers.set('ETag', `W/${etag}`);
});

/** Caches keep one copy per encoding, whether or not this client gets a compressed one. */
function varyOnEncoding(c: Context) {
  const vary = c.res.headers.get('Vary');
  if (vary === '*' || /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? '')) return;
  setResponseHeader(c, 'Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}
