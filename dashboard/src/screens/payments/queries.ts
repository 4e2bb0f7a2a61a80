/*
 * Reads and writes of the payments settings screen: the connected Stripe account, its payment
 * method configuration, childcare voucher providers and childcare funding provider accounts.
 * Failures carry the docs/rules/forms-and-messages.md texts ('Failed to update Stripe account
 * status: …').
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { describeFailure } from '../../../../api-client/index.ts';
import { messages, type PaymentMethod } from '../../../../engine/index.ts';
import { api, queryClient } from '../../api.ts';

/** GET /api/stripe/connected-account. `configured` is false when the server has no Stripe keys. */
export interface ConnectedAccount {
  configured: boolean;
  /** Our row id: the `paymentMethodId` of the status call. */
  _id: string | null;
  accountId: string | null;
  connected: boolean;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  status: 'Disconnected' | 'Pending' | 'Connected';
}

/** GET /api/stripe/payment-method-configurations (docs/data-model.md). */
export type PaymentMethodConfiguration = { id: string } & Record<
  PaymentMethod,
  { display_preference: { value: string } }
>;

export interface VoucherProvider {
  _id: string;
  name: string;
  paymentInstructions: string;
  enabled: boolean;
}

export interface FundingAccount {
  _id: string;
  name: string;
  regReference: string;
  postcode: string;
}

export const paymentKeys = {
  account: ['payments', 'connected-account'] as const,
  configuration: ['payments', 'payment-method-configuration'] as const,
  voucherProviders: ['payments', 'childcare-voucher-providers'] as const,
  fundingAccounts: ['payments', 'childcare-funding-accounts'] as const,
  plans: ['payments', 'subscription-plans'] as const,
};

export function useConnectedAccount() {
  return useQuery({
    queryKey: paymentKeys.account,
    queryFn: () => api.get<ConnectedAccount>('/api/stripe/connected-account'),
  });
}

/**
 * Sends the browser to Stripe's hosted onboarding. docs/rules/forms-and-messages.md: a failure here
 * is only logged; the button simply stops spinning.
 */
export function useStripeOnboarding() {
  return useMutation({
    mutationFn: async (accountId: string | null) => {
      const query = accountId ? `?accountId=${encodeURIComponent(accountId)}` : '';
      return api.get<{ accountLinkURL: string }>(`/api/payment-methods/stripe-onboard${query}`);
    },
    onSuccess: ({ accountLinkURL }) => window.location.assign(accountLinkURL),
    onError: (error) => console.error('Stripe onboarding link failed:', error),
  });
}

/** POST /api/stripe/update-connected-account-status (the Connect / Disconnect dialog). */
export function useUpdateConnectedStatus() {
  return useMutation({
    mutationFn: (body: { accountId: string; paymentMethodId: string; connected: boolean }) =>
      describeFailure(
        api.post<{ success: boolean }>('/api/stripe/update-connected-account-status', body),
        {
          prefix: 'Failed to update Stripe account status',
          bare: messages.failedToUpdateStripeAccountStatus(),
        },
      ).then((data) => {
        if (!data.success) throw new Error(messages.failedToUpdateStripeAccountStatus());
        return data;
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['payments'] }),
  });
}

export function usePaymentMethodConfiguration(enabled: boolean) {
  return useQuery({
    queryKey: paymentKeys.configuration,
    queryFn: () => api.get<PaymentMethodConfiguration>('/api/stripe/payment-method-configurations'),
    enabled,
  });
}

export function useUpdatePaymentMethod() {
  return useMutation({
    mutationFn: (body: {
      paymentMethodConfigId: string;
      paymentMethod: PaymentMethod;
      enabled: boolean;
    }) =>
      describeFailure(
        api.put<PaymentMethodConfiguration>('/api/stripe/payment-method-configurations', body),
        {
          prefix: 'Failed to update Stripe payment method',
          bare: messages.failedToUpdateStripePaymentMethod(),
        },
      ),
    onSuccess: (config) => queryClient.setQueryData(paymentKeys.configuration, config),
  });
}

// ---- childcare voucher providers ---------------------------------------------------------

export function useVoucherProviders() {
  return useQuery({
    queryKey: paymentKeys.voucherProviders,
    queryFn: () => api.get<VoucherProvider[]>('/api/childcare-voucher-providers'),
  });
}

const forgetProviders = () =>
  queryClient.invalidateQueries({ queryKey: paymentKeys.voucherProviders });

export function useSaveVoucherProvider() {
  return useMutation({
    mutationFn: ({ id, body }: { id?: string | null; body: Omit<VoucherProvider, '_id'> }) =>
      id
        ? describeFailure(
            api.put<VoucherProvider>(`/api/childcare-voucher-providers/${id}`, body),
            {
              prefix: 'Failed to save childcare voucher provider',
              bare: 'Failed to save childcare voucher provider.',
            },
          )
        : describeFailure(api.post<VoucherProvider>('/api/childcare-voucher-providers', body), {
            prefix: 'Failed to create childcare voucher provider',
            bare: 'Failed to create childcare voucher provider.',
          }),
    onSuccess: forgetProviders,
  });
}

export function useDeleteVoucherProvider() {
  return useMutation({
    // The server's refusal is the docs/rules/forms-and-messages.md sentence itself, so it is shown
    // as it comes.
    mutationFn: (id: string) =>
      api.delete<{ success: boolean }>(`/api/childcare-voucher-providers/${id}`),
    onSuccess: forgetProviders,
  });
}

// ---- childcare funding provider accounts --------------------------------------------------

export function useFundingAccounts() {
  return useQuery({
    queryKey: paymentKeys.fundingAccounts,
    queryFn: () => api.get<FundingAccount[]>('/api/childcare-funding-accounts'),
  });
}

const forgetAccounts = () =>
  queryClient.invalidateQueries({ queryKey: paymentKeys.fundingAccounts });

export function useSaveFundingAccount() {
  return useMutation({
    mutationFn: ({ id, body }: { id?: string | null; body: Omit<FundingAccount, '_id'> }) =>
      id
        ? describeFailure(api.put<FundingAccount>(`/api/childcare-funding-accounts/${id}`, body), {
            prefix: 'Failed to save provider account',
            bare: 'Failed to save provider account.',
          })
        : describeFailure(api.post<FundingAccount>('/api/childcare-funding-accounts', body), {
            prefix: 'Failed to create provider account',
            bare: 'Failed to create provider account.',
          }),
    onSuccess: forgetAccounts,
  });
}

export function useDeleteFundingAccount() {
  return useMutation({
    mutationFn: (id: string) =>
      describeFailure(api.delete<{ success: boolean }>(`/api/childcare-funding-accounts/${id}`), {
        prefix: 'Failed to remove provider account',
        bare: 'Failed to remove provider account.',
      }),
    onSuccess: forgetAccounts,
  });
}

// ---- subscription plans --------------------------------------------------------------------

export interface SubscriptionPlan {
  _id: string;
  name: string;
  /** Minor units a month. */
  amount: number;
  enabled: boolean;
}

export function useSubscriptionPlans() {
  return useQuery({
    queryKey: paymentKeys.plans,
    queryFn: () => api.get<SubscriptionPlan[]>('/api/stripe/subscription-plans'),
  });
}

// The ticket dialog reads /api/subscription-plans; forget every plan list so it sees changes.
const forgetPlans = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: paymentKeys.plans }),
    queryClient.invalidateQueries({ queryKey: ['subscription-plans'] }),
  ]);

export function useCreateSubscriptionPlan() {
  return useMutation({
    mutationFn: (body: { name: string; amount: string }) =>
      describeFailure(api.post<SubscriptionPlan>('/api/stripe/subscription-plans', body), {
        prefix: 'Failed to create subscription plan',
        bare: 'Failed to create subscription plan.',
      }),
    onSuccess: forgetPlans,
  });
}

export function useUpdateSubscriptionPlan() {
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: { name?: string; enabled?: boolean } }) =>
      describeFailure(api.put<SubscriptionPlan>(`/api/stripe/subscription-plans/${id}`, body), {
        prefix: 'Failed to save subscription plan',
        bare: 'Failed to save subscription plan.',
      }),
    onSuccess: forgetPlans,
  });
}

export function useDeleteSubscriptionPlan() {
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<{ success: boolean }>(`/api/stripe/subscription-plans/${id}`),
    onSuccess: forgetPlans,
  });
}
