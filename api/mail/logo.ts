import { logoMessages, logoProblem } from '../../engine/organiser-logo.ts';
import type { Db } from '../db/connection.ts';
import { nowIso } from '../db/time.ts';
import { HttpError } from '../http/errors.ts';

/*
 * The organiser's logo (docs/rules/messages.md): one of their public uploaded images, named on
 * the client, served from our origin (/api/files/…), shown in every e-mail's header and on the
 * public settings the widget and hosted pages read.
 */

/** The logo's path on our origin, or null without one. */
export async function logoPath(db: Db, clientId: string): Promise<string | null> {
  const row = await db
    .selectFrom('clients as c')
    .innerJoin('files as f', (join) =>
      join.onRef('f.id', '=', 'c.logo_file_id').onRef('f.client_id', '=', 'c.id'),
    )
    .select(['f.id', 'f.original_name'])
    .where('c.id', '=', clientId)
    .executeTakeFirst();
  return row ? `/api/files/${row.id}/${encodeURIComponent(row.original_name)}` : null;
}

/**
 * Makes one of the organiser's uploaded images their logo (or, with null, removes it). The file
 * must be theirs, a public image and at most 1 MB (engine `logoProblem`); it is kept from then on.
 *
 * @example await setLogo(db, clientId, fileId);
 */
export async function setLogo(db: Db, clientId: string, fileId: string | null) {
  if (fileId === null) {
    await db
      .updateTable('clients')
      .set({ logo_file_id: null, updated_at: nowIso() })
      .where('id', '=', clientId)
      .execute();
    return;
  }
  const file = await db
    .selectFrom('files')
    .select(['id', 'mime_type', 'size', 'is_authenticated'])
    .where('client_id', '=', clientId)
    .where('id', '=', fileId)
    .executeTakeFirst();
  if (!file) throw new HttpError(422, logoMessages.notFound, { fileId: logoMessages.notFound });
  const problem = logoProblem({
    mimeType: file.mime_type,
    size: file.size,
    isPublic: file.is_authenticated === 0,
  });
  if (problem) throw new HttpError(422, problem, { fileId: problem });
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('files')
      .set({ is_temporary: 0, updated_at: nowIso() })
      .where('client_id', '=', clientId)
      .where('id', '=', fileId)
      .execute();
    await trx
      .updateTable('clients')
      .set({ logo_file_id: fileId, updated_at: nowIso() })
      .where('id', '=', clientId)
      .execute();
  });
}
