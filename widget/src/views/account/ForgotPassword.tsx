/*
 * 'Forgot password?' inside the widget: the parent's address, and the server's answer, which is
 * the same whether or not it has an account. The e-mailed link opens our hosted reset page.
 */
import { text } from '../text.ts';
import { EmailRequestForm } from './EmailRequestForm.tsx';

export function ForgotPassword() {
  return (
    <EmailRequestForm
      path="/api/auth/forgot-password"
      heading={text.forgotHeading}
      submitLabel={text.sendResetLink}
    />
  );
}
