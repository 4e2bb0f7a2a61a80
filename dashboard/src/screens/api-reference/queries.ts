import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../../api-client/index.ts';
import type { OpenApiDocument } from './openapi.ts';

export const OPENAPI_URL = '/api/openapi.json';

/**
 * The API's OpenAPI description. Read with fetch, not the API client: the document is itself the
 * answer, not wrapped in `{ data }` like every other call.
 */
export function useOpenApiDocument() {
  return useQuery({
    queryKey: ['openapi'],
    queryFn: async (): Promise<OpenApiDocument> => {
      const response = await fetch(OPENAPI_URL, { headers: { Accept: 'application/json' } });
      if (!response.ok)
        throw new ApiError(
          response.status,
          `Failed to load the API description (${response.status})`,
        );
      return response.json();
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}
