import { openDatabase } from '../api/db/connection.ts';
import { migrateToLatest } from '../api/db/migrate.ts';
import { readConfig } from '../api/server.ts';

const config = readConfig();
const handle = await openDatabase(config.databaseUrl);
const applied = await migrateToLatest(handle.db);
console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
await handle.close();
