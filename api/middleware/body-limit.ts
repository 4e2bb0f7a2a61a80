import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  MAX_SINGLE_IMAGE_BYTES,
  MAX_UPLOAD_BYTES,
  uploadTooLargeMessage,
} from '../../engine/index.ts';
import type { AppEnv } from '../context.ts';
import { HttpError } from '../http/errors.ts';

const KB = 1024;
/** Room for the multipart envelope (boundaries, part headers) around the largest file. */
const MULTIPART_ROOM = 64 * KB;

/**
 * Stripe publishes no maximum event size. An event carries one object whose metadata Stripe
 * caps (50 keys of 500 characters); 1 MB is many times the largest event we apply.
 */
export const WEBHOOK_MAX_BYTES = 1024 * KB;

/**
 * Every body the API reads, and the most it may weigh: the one place to look. The first rule
 * whose pattern matches the path (below /api) wins. Content-Length over the limit is refused
 * before a byte of the body is read; a chunked body is counted as it arrives and refused as soon
 * as it passes the limit.
 */
export const BODY_LIMITS: { pattern: RegExp; maxBytes: number; message?: string }[] = [
  {
    pattern: /^\/file-uploads\/(attachment|file-upload-image|file-upload-document)$/,
    maxBytes: MAX_UPLOAD_BYTES + MULTIPART_ROOM,
    message: uploadTooLargeMessage('attachment'),
  },
  {
    pattern: /^\/file-uploads\/[^/]+$/,
    maxBytes: MAX_SINGLE_IMAGE_BYTES + MULTIPART_ROOM,
    message: uploadTooLargeMessage('singleImage'),
  },
  { pattern: /^\/stripe\/webhook$/, maxBytes: WEBHOOK_MAX_BYTES },
  // Rich-text descriptions (20,000 characters) and up to 1,000 sessions in one save.
  { pattern: /^\/activity-groups(\/|$)/, maxBytes: 1024 * KB },
  // A field's options: up to 1,000 of up to 200 characters each.
  { pattern: /^\/fields(\/|$)/, maxBytes: 512 * KB },
  // Answers to an organiser's custom fields, some of them long texts.
  { pattern: /^\/(user\/)?attendees(\/|$)/, maxBytes: 256 * KB },
  // Everything else is a small JSON form.
  { pattern: /.*/, maxBytes: 100 * KB },
];

export const tooLargeMessage = (maxBytes: number) =>
  `This request is too large. The most this address accepts is ${Math.floor(maxBytes / KB)} KB.`;

const limiters = BODY_LIMITS.map(({ pattern, maxBytes, message }) => {
  const tooLarge = () => {
    throw new HttpError(413, message ?? tooLargeMessage(maxBytes));
  };
  return {
    pattern,
    maxBytes,
    tooLarge,
    limit: bodyLimit({ maxSize: maxBytes, onError: tooLarge }),
  };
});

/**
 * Mounted on /api: picks the path's limit from BODY_LIMITS. A body that declares its length (every
 * form, every booking) is judged by that number and read later as it came: asking for
 * `c.req.raw.body` here, as hono's limiter does, builds a whole fetch Request and its stream on
 * the Node server, where reading the body straight from the socket is a tenth of a refused
 * booking's time. Node's parser never delivers more bytes than Content-Length says. Only a
 * chunked body, whose length nobody declared, goes through hono's limiter, which counts it as it
 * arrives. A GET or HEAD that declares no body has none to limit.
 */
export const limitBodies: MiddlewareHandler<AppEnv> = (c: Context<AppEnv>, next) => {
  const method = c.req.method;
  const declared = c.req.header('content-length');
  const chunked = c.req.header('transfer-encoding') !== undefined;
  if ((method === 'GET' || method === 'HEAD') && declared === undefined && !chunked) return next();
  const path = c.req.path.replace(/^\/api/, '');
  const rule = limiters.find(({ pattern }) => pattern.test(path)) ?? limiters[limiters.length - 1]!;
  if (declared !== undefined && !chunked) {
    if (Number(declared) > rule.maxBytes) rule.tooLarge();
    return next();
  }
  return rule.limit(c, next);
};
