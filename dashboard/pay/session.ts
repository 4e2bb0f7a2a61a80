import {
  hostOriginOf,
  isPayMessage,
  PAY_MESSAGE_TYPE,
  type PayPageEvent,
} from '../../api-client/pay-messages.ts';

/**
 * The pay page's side of the widget conversation (api-client/pay-messages.ts): it posts only to
 * the origin named in its URL, and believes only its parent window speaking from that origin.
 */
export function widgetChannel(location: Pick<Location, 'pathname' | 'search'>) {
  const bookingId = decodeURIComponent(
    location.pathname.replace(/^\/pay\//, '').split('/')[0] ?? '',
  );
  const hostOrigin = hostOriginOf(location.search);
  const framed = window.parent !== window;
  const usable = Boolean(bookingId && hostOrigin && framed);

  const post = (message: PayPageEvent) => {
    if (!usable) return;
    window.parent.postMessage({ type: PAY_MESSAGE_TYPE, bookingId, ...message }, hostOrigin!);
  };

  /** Asks the widget for the customer's session; resolves with their token. */
  const requestSession = () =>
    new Promise<string>((resolve) => {
      const onMessage = (event: MessageEvent) => {
        if (event.source !== window.parent || event.origin !== hostOrigin) return;
        if (!isPayMessage(event.data, bookingId) || event.data.event !== 'session') return;
        const token = (event.data as { token?: unknown }).token;
        if (typeof token !== 'string' || !token) return;
        window.removeEventListener('message', onMessage);
        resolve(token);
      };
      window.addEventListener('message', onMessage);
      post({ event: 'ready' });
    });

  return { bookingId, hostOrigin, usable, post, requestSession };
}

export type WidgetChannel = ReturnType<typeof widgetChannel>;
