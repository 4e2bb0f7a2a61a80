import { checkUpload, type UploadKind } from '../../engine/index.ts';
import type { Caller } from '../context.ts';
import type { Db } from '../db/connection.ts';
import { newId } from '../db/ids.ts';
import { nowIso } from '../db/time.ts';
import { HttpError, notFound } from '../http/errors.ts';

/** docs/data-model.md File, plus what a form needs to show it. */
export interface FileDto {
  _id: string;
  path: string;
  originalname: string;
  isAuthenticated: boolean;
  mimeType: string;
  size: number;
}

/** The only content types we ever serve: a file is sent as what we checked it to be. */
const MIME_TYPES: Record<string, string> = {
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

const startsWith = (bytes: Uint8Array, signature: number[]) =>
  signature.every((b, i) => bytes[i] === b);

/**
 * Whether the bytes really are what the extension claims. An extension alone is a wish: a
 * "photo.png" holding HTML would otherwise be served from our origin.
 */
function contentMatches(ext: string, bytes: Uint8Array): boolean {
  switch (ext) {
    case 'jpeg':
    case 'jpg':
      return startsWith(bytes, [0xff, 0xd8, 0xff]);
    case 'png':
      return startsWith(bytes, [0x89, 0x50, 0x4e, 0x47]);
    case 'gif':
      return startsWith(bytes, [0x47, 0x49, 0x46, 0x38]);
    case 'pdf':
      return startsWith(bytes, [0x25, 0x50, 0x44, 0x46]);
    case 'docx':
    case 'xlsx':
    case 'pptx':
      return startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]);
    case 'txt':
    case 'csv':
      return !bytes.subarray(0, 4096).includes(0);
    default:
      return false;
  }
}

/** Public files are fetched from their own path; private ones through /api/asset. */
const pathOf = (id: string, name: string, isAuthenticated: boolean) =>
  isAuthenticated ? `/api/asset?fileId=${id}` : `/api/files/${id}/${encodeURIComponent(name)}`;

const dto = (row: {
  id: string;
  original_name: string;
  is_authenticated: number;
  mime_type: string;
  size: number;
}): FileDto => ({
  _id: row.id,
  path: pathOf(row.id, row.original_name, row.is_authenticated === 1),
  originalname: row.original_name,
  isAuthenticated: row.is_authenticated === 1,
  mimeType: row.mime_type,
  size: row.size,
});

/**
 * Stores one upload, checked by the engine's rules (type by kind, size) and by its content.
 * Parents' uploads (attendee documents) are private; an organiser's images are public so the
 * widget can show them. A file stays temporary until a saved form refers to it.
 */
export async function saveUpload(
  db: Db,
  caller: Caller,
  kind: UploadKind,
  file: File | null,
): Promise<FileDto> {
  const problem = checkUpload({ kind, file: file ? { name: file.name, size: file.size } : null });
  if (problem || !file) throw new HttpError(422, problem ?? 'Unable to upload this file');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  if (!contentMatches(ext, bytes)) {
    throw new HttpError(422, `This file does not look like a .${ext} file.`);
  }
  const isPublic = caller.role === 'admin' && (kind === 'image' || kind === 'singleImage');
  const id = newId();
  const now = nowIso();
  // Path separators and control characters have no place in a download's file name.
  const name = [...file.name]
    .map((ch) => (ch === '/' || ch === '\\' || ch.charCodeAt(0) < 32 ? '_' : ch))
    .join('')
    .slice(-200);
  const row = {
    id,
    client_id: caller.clientId,
    user_id: caller.userId,
    path: pathOf(id, name, !isPublic),
    original_name: name,
    mime_type: MIME_TYPES[ext],
    size: bytes.length,
    is_authenticated: isPublic ? (0 as const) : (1 as const),
    is_temporary: 1 as const,
    created_at: now,
    updated_at: now,
  };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('files').values(row).execute();
    await trx
      .insertInto('file_contents')
      .values({ file_id: id, client_id: caller.clientId, bytes: Buffer.from(bytes) })
      .execute();
  });
  return dto(row);
}

/**
 * A file's bytes for a download. Private files: their uploader, or an admin of the client.
 * Public files: anyone who knows the id (they are the organiser's published images).
 */
export async function readFileForCaller(
  db: Db,
  fileId: string,
  caller: Caller | null,
  { publicOnly }: { publicOnly: boolean },
) {
  const file = await db
    .selectFrom('files')
    .innerJoin('file_contents', 'file_contents.file_id', 'files.id')
    .select([
      'files.id',
      'files.client_id',
      'files.user_id',
      'files.original_name',
      'files.mime_type',
      'files.is_authenticated',
      'file_contents.bytes',
    ])
    .where('files.id', '=', fileId)
    .executeTakeFirst();
  if (!file) throw notFound();
  if (file.is_authenticated === 1) {
    if (publicOnly) throw notFound();
    const allowed =
      caller &&
      caller.clientId === file.client_id &&
      (caller.role === 'admin' || caller.userId === file.user_id);
    if (!allowed) throw notFound();
  }
  return {
    name: file.original_name,
    mimeType: file.mime_type,
    bytes: new Uint8Array(file.bytes),
  };
}

/**
 * Checks that file ids in a form's answers are the caller's own uploads of this client and keeps
 * them (no longer temporary). Returns the ids that are not, for the form to refuse.
 */
export async function claimFiles(
  db: Db,
  clientId: string,
  userId: string | null,
  fileIds: string[],
): Promise<string[]> {
  if (fileIds.length === 0) return [];
  let query = db
    .selectFrom('files')
    .select('id')
    .where('client_id', '=', clientId)
    .where('id', 'in', fileIds);
  if (userId) query = query.where('user_id', '=', userId);
  const found = new Set((await query.execute()).map((f) => f.id));
  const missing = fileIds.filter((id) => !found.has(id));
  if (missing.length === 0) {
    await db
      .updateTable('files')
      .set({ is_temporary: 0, updated_at: nowIso() })
      .where('client_id', '=', clientId)
      .where('id', 'in', fileIds)
      .execute();
  }
  return missing;
}
