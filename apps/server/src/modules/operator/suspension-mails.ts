import type { OutgoingMail } from '../mail/outbox';

interface Addressee {
  sellerName: string;
  sellerEmail: string;
  storeName: string;
  slug: string;
}

const quoted = (text: string) =>
  text
    .split('\n')
    .map((line) => `  > ${line}`)
    .join('\n');

/** Links are absolute, from PUBLIC_URL only (never a request's Host). */
export function suspensionMail(publicUrl: string, to: Addressee, reason: string): OutgoingMail {
  return {
    to: to.sellerEmail,
    subject: `Your PriceHub store ${to.storeName} is suspended`,
    text:
      `Hello ${to.sellerName},\n\n` +
      `The PriceHub team has suspended your store ${to.storeName}, for this reason:\n\n${quoted(reason)}\n\n` +
      `While it is suspended, shoppers cannot find or buy your listings, and your store page shows it as ` +
      `unavailable. Orders already placed go on: you can still sign in, fulfil them, answer complaints and handle ` +
      `returns.\n\n` +
      `Your orders: ${publicUrl}/seller/orders\n\n` +
      `If you believe this is a mistake, or once you have dealt with the reason, contact the PriceHub team.\n`,
  };
}

export function reopeningMail(
  publicUrl: string,
  to: Addressee,
  reason: string | undefined,
  status: 'open' | 'closed',
): OutgoingMail {
  const state =
    status === 'open'
      ? `Shoppers can find and buy your listings again: ${publicUrl}/viewstore/${to.slug}`
      : `Your store stays closed, as you had set it before the suspension. Open it from your profile when you are ` +
        `ready: ${publicUrl}/seller/sellerProfile`;
  return {
    to: to.sellerEmail,
    subject: `Your PriceHub store ${to.storeName} is no longer suspended`,
    text:
      `Hello ${to.sellerName},\n\n` +
      `The PriceHub team has lifted the suspension of your store ${to.storeName}.` +
      (reason ? `\n\n${quoted(reason)}` : '') +
      `\n\n${state}\n`,
  };
}
