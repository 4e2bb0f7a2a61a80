import { ConfigError } from '../../api/config.ts';
import { readConfig, type ServerConfig } from '../../api/server.ts';

/**
 * The configuration, or the process ends: one `config:` line per problem on stderr and exit
 * code 1 (a process manager shows them; a restart loop will not hide a typo).
 */
export function configOrExit({ production = false } = {}): ServerConfig {
  try {
    return readConfig(process.env, { production });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const line of error.lines) console.error(`config: ${line}`);
    process.exit(1);
  }
}

/** The production entry's configuration: production behaviour, whatever NODE_ENV says. */
export const productionConfigOrExit = () => configOrExit({ production: true });

/** The database URL without its password, for a log line. */
export const withoutPassword = (url: string) => url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');
