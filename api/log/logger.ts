import pino from 'pino';

/**
 * Fields that never reach a log line, whatever logs them: credentials, session material, card
 * data, personal contact details. The request log writes only method, path, status, duration and
 * ids (api/log/request-log.ts); this list is the net under anything else that logs an object.
 */
export const REDACTED_PATHS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'secret',
  'cookie',
  'authorization',
  'card',
  'cardNumber',
  'cvc',
  'iban',
  'clientSecret',
  'client_secret',
  'email',
  'phone',
].flatMap((key) => [key, `*.${key}`, `*.*.${key}`]);

/**
 * The process's one root logger: JSON lines on stdout (or `destination`, which tests read).
 *
 * @example const logger = createLogger({ level: 'info' }); logger.info({ jobs: 3 }, 'worker started');
 */
export function createLogger({
  level = 'info',
  destination,
}: {
  level?: pino.LevelWithSilent;
  destination?: pino.DestinationStream;
} = {}): pino.Logger {
  return pino(
    {
      level,
      base: { pid: process.pid },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      // pino's serializer keeps type, message and stack (and a cause's) of anything passed as err.
      serializers: { err: pino.stdSerializers.err },
    },
    destination,
  );
}

export type Logger = pino.Logger;
