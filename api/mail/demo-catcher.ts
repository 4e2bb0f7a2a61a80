import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startMailCatcher } from './catcher.ts';

/**
 * The demo's mail server (npm start without SMTP_URL): a real SMTP receiver in the same process
 * that keeps every message it receives as an .eml file (any mail client opens one) under `dir`.
 * The product sends to it over SMTP exactly as it would to a real server, and the dashboard's
 * Messages screen shows the same messages from the outbox. A busy port falls back to a free one.
 *
 * @example const catcher = await startDemoMailCatcher({ port: 2525, dir: 'data/mail' });
 */
export async function startDemoMailCatcher({ port, dir }: { port: number; dir: string }) {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const onMessage = ({ to, raw }: { to: string[]; raw: Buffer }) => {
    count += 1;
    const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${count}.eml`);
    writeFileSync(file, raw);
    console.log(`[mail] received a message for ${to.join(', ')}: ${file}`);
  };
  try {
    return await startMailCatcher({ port, onMessage });
  } catch (error) {
    if ((error as { code?: string }).code !== 'EADDRINUSE') throw error;
    return startMailCatcher({ port: 0, onMessage });
  }
}
