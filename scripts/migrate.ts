import { openDatabase } from '../api/db/connection.ts';
import { migrateToLatest } from '../api/db/migrate.ts';
import { configOrExit } from './production/config.ts';

const config = configOrExit();
const handle = await openDatabase(config.databaseUrl);
const applied = await migrateToLatest(handle.db);
console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
await handle.close();
