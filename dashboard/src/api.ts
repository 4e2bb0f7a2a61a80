/*
 * The dashboard's one API client instance and the react-query hooks every screen reads through.
 * Screens never call fetch: they use these hooks, so caching, sign-out handling and the spec's
 * failure messages (docs/rules/forms-and-messages.md) live in one place.
 */
import {
  MutationCache,
  QueryCache,
  QueryClient,
  useMutation,
  useQuery,
} from '@tanstack/react-query';
import {
  type ActivityGroup,
  ApiError,
  type ClientSettings,
  createApiClient,
  describeFailure,
  type Field,
  type User,
} from '../../api-client/index.ts';
import type { LoginInput } from '../../engine/index.ts';

/** Same origin: the HttpOnly session cookie set at login authenticates every call. */
export const api = createApiClient({ baseUrl: '', credentials: 'same-origin' });

export type FieldUsage = 'attendee' | 'activity';

export const queryKeys = {
  me: ['me'] as const,
  client: ['client'] as const,
  fields: (usage: FieldUsage) => ['fields', usage] as const,
  activityGroups: ['activity-groups', 'full-list'] as const,
};

export const isSignedOutError = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 401;

/** A session that expires mid-use answers 401 anywhere; forgetting the user sends the app to the login. */
function forgetUserOn401(error: unknown) {
  if (isSignedOutError(error)) queryClient.setQueryData(queryKeys.me, null);
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: forgetUserOn401 }),
  mutationCache: new MutationCache({ onError: forgetUserOn401 }),
  defaultOptions: {
    // The api-client already retries reads up to 3 times (docs/api/calls.md); a second layer would
    // multiply them.
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
  },
});

/**
 * Drops every cached answer except the session, so nothing read for one admin shows to the next.
 * The session query itself is updated, not removed: screens watching it must see the change.
 */
function forgetEverythingBut(key: readonly unknown[]) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== key[0] });
}

/** The signed-in admin, or null when signed out (401 is an answer here, not an error). */
export function useSession() {
  return useQuery({
    queryKey: queryKeys.me,
    queryFn: async (): Promise<User | null> => {
      try {
        return await api.get<User>('/api/users/me');
      } catch (error) {
        if (isSignedOutError(error)) return null;
        throw error;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useLogin() {
  return useMutation({
    mutationFn: (input: LoginInput) =>
      api.post<{ token: string; user: User }>('/api/auth/login', input),
    onSuccess: ({ user }) => {
      forgetEverythingBut(queryKeys.me);
      queryClient.setQueryData(queryKeys.me, user);
    },
  });
}

export function useLogout() {
  return useMutation({
    mutationFn: () => api.post<{ success: boolean }>('/api/auth/logout'),
    onSuccess: () => {
      queryClient.setQueryData(queryKeys.me, null);
      forgetEverythingBut(queryKeys.me);
    },
  });
}

/** GET /api/client: the organiser's settings (docs/data-model.md Client settings). */
export function useClientSettings() {
  return useQuery({
    queryKey: queryKeys.client,
    queryFn: () => api.get<ClientSettings>('/api/client'),
  });
}

/** GET /api/fields for a usage, disabled and admin-only fields included (admins see everything). */
export function useFields(usage: FieldUsage) {
  return useQuery({
    queryKey: queryKeys.fields(usage),
    queryFn: () =>
      describeFailure(
        api.get<Field[]>(`/api/fields?usage=${usage}&includeDisabled=true&includeAdminOnly=true`),
        { prefix: 'Failed to get fields', bare: 'Failed to get fields' },
      ),
  });
}

/** GET /api/activity-groups/full-list: every activity group of the client (admin view). */
export function useActivityGroups() {
  return useQuery({
    queryKey: queryKeys.activityGroups,
    queryFn: () => api.get<ActivityGroup[]>('/api/activity-groups/full-list'),
  });
}
