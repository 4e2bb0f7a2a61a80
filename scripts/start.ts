import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { readConfig, startServer } from '../api/server.ts';
import { startDemoSite } from './demo-site.ts';
import { DEMO, seedDemo } from './seed.ts';

/*
 * npm start: migrate, seed the demo organiser when missing, serve the product on PORT and the
 * demo organiser's website on DEMO_PORT, and shut both down cleanly on Ctrl-C.
 */
const config = readConfig();
if (!/^postgres/.test(config.databaseUrl))
  mkdirSync(dirname(config.databaseUrl), { recursive: true });

const product = await startServer(config);
const { clientId, created } = await seedDemo(product.handle.db);
const demo = await startDemoSite({
  port: config.demoPort,
  productOrigin: config.publicUrl,
  clientId,
});

const where = /^postgres/.test(config.databaseUrl)
  ? config.databaseUrl.replace(/\/\/[^@]*@/, '//')
  : config.databaseUrl;
console.log(`
Classwise is running${created ? ' (demo organiser seeded)' : ''}
  Dashboard            ${config.publicUrl}/admin/
  API                  ${config.publicUrl}/api
  Widget / embed       ${config.publicUrl}/widget.js, ${config.publicUrl}/embed.js
  Demo organiser site  http://localhost:${config.demoPort}/
  Database             ${where}

  Admin login     ${DEMO.admin.email} / ${DEMO.admin.password}
  Customer login  ${DEMO.parent.email} / ${DEMO.parent.password}

Press Ctrl-C to stop.`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: finishing in-flight requests…`);
  await Promise.all([demo.stop(), product.stop()]);
  console.log('Stopped cleanly.');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
