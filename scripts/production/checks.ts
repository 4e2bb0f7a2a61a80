import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { verifyPassword } from '../../api/auth/passwords.ts';
import type { Db } from '../../api/db/connection.ts';
import { DEMO } from '../seed.ts';

/** What `npm run build` writes and the production entry serves; it never builds them itself. */
export const BUILT_FILES = [
  'dashboard/index.html',
  'pay/index.html',
  'widget/widget.js',
  'embed/embed.js',
];

/** One line when `distDir` lacks any built file, naming them; none when all are there. */
export function missingBuiltFiles(distDir: string): string[] {
  const missing = BUILT_FILES.filter((file) => !existsSync(join(distDir, file)));
  return missing.length === 0
    ? []
    : [
        `${distDir} is not built (missing ${missing.join(', ')}): run \`npm run build\` before \`npm run serve:prod\`.`,
      ];
}

/**
 * Admin accounts that the demo admin's published password (README) opens: a demo database, or an
 * organiser who copied it. Checked against every admin, not just the demo's e-mail, since the
 * password is what is public. A few at a time: each check is a deliberately slow hash.
 */
export async function adminsWithDemoPassword(db: Db): Promise<string[]> {
  const admins = await db
    .selectFrom('users')
    .select(['email', 'password_hash'])
    .where('role', '=', 'admin')
    .execute();
  const found: string[] = [];
  for (let i = 0; i < admins.length; i += 4) {
    const batch = admins.slice(i, i + 4);
    const opens = await Promise.all(
      batch.map((admin) => verifyPassword(DEMO.admin.password, admin.password_hash)),
    );
    for (const [j, admin] of batch.entries()) if (opens[j]) found.push(admin.email);
  }
  return found;
}
