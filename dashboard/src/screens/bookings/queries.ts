/*
 * Reads and writes of the Bookings screens (docs/api/bookings.md): the admin list, one booking,
 * marking an offline payment as received, and cancelling places with the engine's refund quote.
 */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { type Booking, type CancelQuote, describeFailure } from '../../../../api-client/index.ts';
import { api, queryClient } from '../../api.ts';
import { getPage, pageQuery } from '../customers/paged.ts';

export interface BookingFilters {
  activityGroup?: string;
  /** One session of the activity: bookings with a place in it. */
  session?: string;
  /** Session dates, inclusive (YYYY-MM-DD). */
  from?: string;
  to?: string;
  status?: string;
  /** unpaid, partlyPaid, paid or refunded (api/services/bookings/search.ts). */
  paymentState?: string;
  search?: string;
}

export const bookingKeys = {
  all: ['bookings'] as const,
  one: (id: string) => ['bookings', 'one', id] as const,
};

/** GET /api/bookings?page&limit&filters={json of BookingFilters}, newest first. */
export function useBookings(filters: BookingFilters, page: number, limit: number) {
  const path = `/api/bookings?${pageQuery(page, limit, { ...filters })}`;
  return useQuery({
    queryKey: [...bookingKeys.all, 'list', path],
    // Aborted when a newer search or filter makes this list unused.
    queryFn: ({ signal }) => getPage<Booking>(path, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET /api/bookings/{id}. */
export function useBooking(id: string) {
  return useQuery({
    queryKey: bookingKeys.one(id),
    queryFn: () => api.get<Booking>(`/api/bookings/${id}`),
    enabled: !!id,
    staleTime: 0,
  });
}

/** A changed booking replaces the cached one; lists and sales figures are read again. */
async function remember(booking: Booking) {
  queryClient.setQueryData(bookingKeys.one(booking._id), booking);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [...bookingKeys.all, 'list'] }),
    queryClient.invalidateQueries({ queryKey: ['activity-groups'] }),
  ]);
}

/** POST /api/bookings/{id}/mark-paid: the voucher or pay-later money has arrived. */
export function useMarkPaid(id: string) {
  return useMutation({
    mutationFn: () =>
      describeFailure(api.post<Booking>(`/api/bookings/${id}/mark-paid`), {
        prefix: 'Failed to mark as paid',
        bare: 'Failed to mark as paid.',
      }),
    onSuccess: remember,
  });
}

/** POST /api/bookings/{id}/cancel-quote: what the engine would refund for these places. */
export function useCancelQuote(id: string, places: readonly string[]) {
  return useQuery({
    queryKey: [...bookingKeys.one(id), 'cancel-quote', [...places].sort()],
    queryFn: () =>
      describeFailure(api.post<CancelQuote>(`/api/bookings/${id}/cancel-quote`, { places }), {
        prefix: 'Failed to get the refund quote',
        bare: 'Failed to get the refund quote.',
      }),
    enabled: places.length > 0,
    staleTime: 0,
    gcTime: 0,
  });
}

/** POST /api/bookings/{id}/cancel with the chosen places and refund method. */
export function useCancelPlaces(id: string) {
  return useMutation({
    mutationFn: (body: { places: string[]; refundMethod: string | null }) =>
      describeFailure(api.post<Booking>(`/api/bookings/${id}/cancel`, body), {
        prefix: 'Failed to cancel',
        bare: 'Failed to cancel.',
      }),
    onSuccess: remember,
  });
}

/** What a manual refund may be on this booking (GET /api/bookings/{id}/refund-options). */
export interface RefundOptions {
  max: number;
  currency: string;
  methods: { method: 'stripe' | 'accountCredit'; max: number }[];
}

/** GET /api/bookings/{id}/refund-options: read afresh each time the refund dialog opens. */
export function useRefundOptions(id: string) {
  return useQuery({
    queryKey: [...bookingKeys.one(id), 'refund-options'],
    queryFn: () =>
      describeFailure(api.get<RefundOptions>(`/api/bookings/${id}/refund-options`), {
        prefix: 'Failed to read what can be refunded',
        bare: 'Failed to read what can be refunded.',
      }),
    staleTime: 0,
    gcTime: 0,
  });
}

/** POST /api/bookings/{id}/refund: a manual refund (docs/rules/refunds.md). */
export function useManualRefund(id: string) {
  return useMutation({
    mutationFn: (body: { amount: number; method: string; reason: string }) =>
      describeFailure(api.post<Booking>(`/api/bookings/${id}/refund`, body), {
        prefix: 'Failed to refund',
        bare: 'Failed to refund.',
      }),
    onSuccess: remember,
  });
}
