/*
 * Reads and writes of the admin booking wizard (docs/api/bookings.md): the server's quote with
 * the engine's warnings, the payment options, and the booking itself.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { AdminQuote, Booking, PaymentOptions } from '../../../../api-client/index.ts';
import { api, queryClient } from '../../api.ts';
import { bookingKeys } from '../bookings/queries.ts';
import type { adminBasket } from './basket.ts';

type AdminBasket = ReturnType<typeof adminBasket>;

/** POST /api/bookings/admin/quote: price, problems and warnings, re-read whenever the basket changes. */
export function useAdminQuote(body: AdminBasket | null) {
  return useQuery({
    queryKey: ['bookings', 'admin-quote', body],
    // The server's own message (the engine's) is what the admin needs to read, unprefixed.
    queryFn: () => api.post<AdminQuote>('/api/bookings/admin/quote', body),
    enabled: body !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

/** GET /api/bookings/payment-options: voucher providers and whether pay later is offered. */
export function usePaymentOptions() {
  return useQuery({
    queryKey: ['bookings', 'payment-options'],
    queryFn: () => api.get<PaymentOptions>('/api/bookings/payment-options'),
  });
}

/**
 * POST /api/bookings/admin: books for the customer (`allowOverCapacity` once the admin confirmed
 * going past a limit); lists and sales are read again.
 */
export function useCreateAdminBooking() {
  return useMutation({
    mutationFn: (body: AdminBasket & { allowOverCapacity?: boolean }) =>
      api.post<Booking>('/api/bookings/admin', body),
    onSuccess: async (booking) => {
      queryClient.setQueryData(bookingKeys.one(booking._id), booking);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['activity-groups'] }),
      ]);
    },
  });
}
