/*
 * A stand-in organiser page for e2e/pay.test.ts: the widget's CardPaymentFrame alone, bundled
 * with the widget's preact/compat aliases, reporting what the frame told it in #result.
 */
import { createRoot } from 'react-dom/client';
import { CardPaymentFrame } from '../widget/src/views/CardPayment.tsx';

const params = new URLSearchParams(window.location.search);
const result = document.getElementById('result')!;
createRoot(document.getElementById('root')!).render(
  <CardPaymentFrame
    origin={params.get('product')!}
    bookingId={params.get('booking')!}
    token={params.get('token')!}
    onSucceeded={() => {
      result.textContent = 'succeeded';
    }}
    onFailed={(message) => {
      result.textContent = `failed: ${message}`;
    }}
  />,
);
