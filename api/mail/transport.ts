import nodemailer, { type Transporter } from 'nodemailer';

const transports = new Map<string, Transporter>();

/**
 * One Nodemailer transport per SMTP URL, shared by every send of the process.
 *
 * @example await smtpTransport('smtp://127.0.0.1:2525').sendMail(message);
 */
export function smtpTransport(url: string): Transporter {
  let transport = transports.get(url);
  if (!transport) {
    // The URL's own settings win; these only fill in what it leaves out.
    transport = nodemailer.createTransport({
      url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    } as never);
    transports.set(url, transport);
  }
  return transport;
}
