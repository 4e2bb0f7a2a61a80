/*
 * Reads and writes of the Customers screens: the client's users, their attendees, and the
 * attendee fields the admin dialogs show (admin-only ones included, docs/rules/roles-and-plans.md).
 */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { CustomerAccountDto as CustomerAccount } from '../../../../api/services/customer-account.ts';
import {
  type Attendee,
  describeFailure,
  type Field,
  type User,
} from '../../../../api-client/index.ts';
import { messages } from '../../../../engine/index.ts';
import { api, queryClient } from '../../api.ts';
import { getPage, pageQuery } from './paged.ts';

export const customerKeys = {
  list: (search: string, page: number) => ['users', 'list', search, page] as const,
  one: (id: string) => ['users', 'one', id] as const,
  attendees: (userId: string) => ['attendees', userId] as const,
  fields: ['fields', 'attendee', 'dialog'] as const,
};

/**
 * GET /api/users: the client's customers, searched on the server by parent name, e-mail, phone
 * or a child's name.
 */
export function useCustomers(search: string, page: number, limit: number) {
  return useQuery({
    queryKey: customerKeys.list(search, page),
    // React Query aborts the request when a newer search makes this one unused.
    queryFn: ({ signal }) =>
      getPage<User>(`/api/users?${pageQuery(page, limit, { role: 'customer', search })}`, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/users/{id} (docs/api/calls.md). */
export function useCustomer(id: string) {
  return useQuery({
    queryKey: customerKeys.one(id),
    queryFn: () => api.get<User>(`/api/users/${id}`),
    enabled: !!id,
  });
}

/** GET /api/attendees?userId={id} (docs/api/calls.md), admin-only answers included. */
export function useAttendees(userId: string) {
  return useQuery({
    queryKey: customerKeys.attendees(userId),
    queryFn: () => api.get<Attendee[]>(`/api/attendees?userId=${encodeURIComponent(userId)}`),
    enabled: !!userId,
  });
}

/** GET /api/fields?usage=attendee&includeAdminOnly=true: what the attendee dialogs ask. */
export function useAttendeeFields() {
  return useQuery({
    queryKey: customerKeys.fields,
    queryFn: () =>
      describeFailure(api.get<Field[]>('/api/fields?usage=attendee&includeAdminOnly=true'), {
        prefix: 'Failed to get fields',
        bare: 'Failed to get fields',
      }),
  });
}

export interface AttendeeBody {
  userId: string;
  fieldData: { field: string; value: unknown }[];
}

/**
 * POST /api/attendees (201) or PUT /api/attendees/{id}; failures read 'Failed to create
 * attendee: {reason}' or 'Failed to save attendee: {message}' (docs/rules/forms-and-messages.md).
 */
export function useSaveAttendee() {
  return useMutation({
    mutationFn: ({ id, body }: { id?: string | null; body: AttendeeBody }) =>
      id
        ? describeFailure(api.put<Attendee>(`/api/attendees/${id}`, body), {
            prefix: 'Failed to save attendee',
            bare: messages.failedToSaveAttendee(),
          })
        : describeFailure(api.post<Attendee>('/api/attendees', body), {
            prefix: 'Failed to create attendee',
            bare: messages.failedToCreateAttendee(),
          }),
    onSuccess: (attendee) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: customerKeys.attendees(attendee.user) }),
        queryClient.invalidateQueries({ queryKey: ['users'] }),
      ]),
  });
}

/** GET /api/users/{id}/account: spendable account credit and the latest payments and refunds. */
export function useCustomerAccount(id: string) {
  return useQuery({
    queryKey: ['users', 'account', id] as const,
    queryFn: () => api.get<CustomerAccount>(`/api/users/${id}/account`),
    enabled: !!id,
  });
}
