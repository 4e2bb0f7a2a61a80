import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { openDatabase } from '../api/db/connection.ts';
import { migrateToLatest } from '../api/db/migrate.ts';
import { HttpError } from '../api/http/errors.ts';
import { createOrganiser } from '../api/services/organisers.ts';
import { organiserSignupSchema } from '../engine/index.ts';
import { productionConfigOrExit } from './production/config.ts';
import { readSecret } from './production/read-secret.ts';

/*
 * npm run create-organiser -- --organisation "Riverside Swim Club" --name "Jo Smith" --email jo@example.com
 * Creates an organiser and its first admin in the production database (DATABASE_URL etc. as for
 * serve:prod). The password comes from CLASSWISE_ADMIN_PASSWORD, else from standard input (typed
 * at a prompt without echo, or piped); never from the command line, where `ps` and shell history
 * would keep it.
 */
const usage =
  'Usage: npm run create-organiser -- --organisation "Club name" --name "Admin name" --email admin@example.com [--country GB --currency GBP --time-zone Europe/London]';

const { values } = parseArgs({
  options: {
    organisation: { type: 'string' },
    name: { type: 'string' },
    email: { type: 'string' },
    country: { type: 'string' },
    currency: { type: 'string' },
    'time-zone': { type: 'string' },
  },
  strict: true,
});
if (!values.organisation || !values.name || !values.email) {
  console.error(usage);
  process.exit(2);
}

const config = productionConfigOrExit();
const password =
  process.env.CLASSWISE_ADMIN_PASSWORD ?? (await readSecret('Password for the new admin: '));

const parsed = v.safeParse(organiserSignupSchema, {
  organisationName: values.organisation,
  fullName: values.name,
  email: values.email,
  password,
  ...(values.country ? { country: values.country } : {}),
  ...(values.currency ? { currency: values.currency } : {}),
  ...(values['time-zone'] ? { timeZone: values['time-zone'] } : {}),
});
if (!parsed.success) {
  for (const issue of parsed.issues)
    console.error(`${v.getDotPath(issue) ?? 'input'}: ${issue.message}`);
  process.exit(1);
}

const handle = await openDatabase(config.databaseUrl);
try {
  await migrateToLatest(handle.db);
  const { clientId } = await createOrganiser(handle.db, parsed.output);
  console.log(
    `Created organiser '${parsed.output.organisationName}' (client id ${clientId}); ${parsed.output.email} can sign in at ${config.publicUrl}/admin/.`,
  );
} catch (error) {
  if (!(error instanceof HttpError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await handle.close();
}
