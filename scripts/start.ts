import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { startDemoMailCatcher } from '../api/mail/demo-catcher.ts';
import { startServer } from '../api/server.ts';
import { startDemoSite } from './demo-site.ts';
import { configOrExit } from './production/config.ts';
import { DEMO, seedDemo } from './seed.ts';

/*
 * npm start: migrate, seed the demo organiser when missing, serve the product on PORT and the
 * demo organiser's website on DEMO_PORT, and shut both down cleanly on Ctrl-C.
 */
const config = configOrExit();
if (!/^postgres/.test(config.databaseUrl))
  mkdirSync(dirname(config.databaseUrl), { recursive: true });

// Without SMTP_URL the demo still sends real SMTP: to a catcher in this process.
const catcher = config.mail.smtpUrl
  ? null
  : await startDemoMailCatcher({ port: config.mailCatcherPort, dir: resolve('data/mail') });
if (catcher) config.mail.smtpUrl = catcher.url;

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
  Mail                 ${catcher ? `local SMTP catcher ${catcher.url}, saved in data/mail/` : 'SMTP_URL'}

  Admin login     ${DEMO.admin.email} / ${DEMO.admin.password}
  Customer login  ${DEMO.parent.email} / ${DEMO.parent.password}

Press Ctrl-C to stop.`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: finishing in-flight requests…`);
  await Promise.all([demo.stop(), product.stop(), catcher?.close()]);
  console.log('Stopped cleanly.');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
