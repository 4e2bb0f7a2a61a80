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
 * Staff accounts (admins and coaches) that a staff password published in the README opens: a
 * demo database, or an organiser who copied one. Checked against every staff account, not just
 * the demo's e-mails, since the password is what is public. A few at a time: each check is a
 * deliberately slow hash.
 */
export async function staffWithDemoPassword(db: Db): Promise<string[]> {
  const staff = await db
    .selectFrom('users')
    .select(['email', 'password_hash'])
    .where('role', 'in', ['admin', 'coach'])
    .execute();
  const published = [DEMO.admin.password, DEMO.coach.password];
  const found: string[] = [];
  for (let i = 0; i < staff.length; i += 4) {
    const batch = staff.slice(i, i + 4);
    const opens = await Promise.all(
      batch.map(async (user) => {
        for (const password of published)
          if (await verifyPassword(password, user.password_hash)) return true;
        return false;
      }),
    );
    for (const [j, user] of batch.entries()) if (opens[j]) found.push(user.email);
  }
  return found;
}
