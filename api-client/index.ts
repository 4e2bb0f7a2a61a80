export {
  type ApiClient,
  type ApiClientOptions,
  createApiClient,
  isRetryable,
  READ_RETRIES,
} from './client.ts';
export { ApiError, describeFailure } from './errors.ts';
export type * from './types.ts';
