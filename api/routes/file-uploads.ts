import { type Context, Hono } from 'hono';
import { messages, type UploadKind } from '../../engine/index.ts';
import type { AppEnv } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import { requireUser } from '../middleware/auth.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { saveUpload } from '../services/files.ts';

/**
 * One file at a time (docs/rules/forms-and-messages.md): the named form field, else the only file
 * in the form.
 */
async function oneFile(form: Record<string, unknown>, field: string): Promise<File | null> {
  const named = form[field];
  if (named instanceof File) return named;
  const files = Object.values(form).filter((v): v is File => v instanceof File);
  return files.length === 1 ? files[0] : null;
}

const upload = (kind: UploadKind, field: string | null) => async (c: Context<AppEnv>) => {
  const caller = requireUser(c);
  await rateLimit(c, `upload:${caller.userId}`, { limit: 60, windowSeconds: 600 });
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw new HttpError(400, messages.emptyDrop);
  }
  const file = await oneFile(form, field ?? c.req.param('fieldName') ?? '');
  const data = await saveUpload(c.get('db'), caller, kind, file);
  return c.json({ data }, 201);
};

/**
 * docs/api/calls.md upload calls: multipart in, the stored file object out. Each kind's body limit
 * (and its 413) is in middleware/body-limit.ts with every other route's.
 */
export const fileUploads = new Hono<AppEnv>()
  .post('/attachment', upload('attachment', 'attachment'))
  .post('/file-upload-image', upload('image', 'file'))
  .post('/file-upload-document', upload('document', 'file'))
  .post('/:fieldName', upload('singleImage', null));
