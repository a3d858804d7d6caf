import type { OutgoingMail } from '../mail/outbox';

const quoted = (text: string) =>
  text
    .split('\n')
    .map((line) => `  > ${line}`)
    .join('\n');

interface ReviewAuthor {
  name: string;
  email: string;
  productName: string;
  productId: number;
  text: string;
}

/** Links are absolute, from PUBLIC_URL only (never a request's Host). */
export function reviewHiddenMail(publicUrl: string, to: ReviewAuthor, reason: string): OutgoingMail {
  return {
    to: to.email,
    subject: `Your review of ${to.productName} is hidden`,
    text:
      `Hello ${to.name},\n\n` +
      `The PriceHub team has hidden your review of ${to.productName}:\n\n${quoted(to.text)}\n\n` +
      `for this reason:\n\n${quoted(reason)}\n\n` +
      `Shoppers no longer see it, and it no longer counts in the product's or the seller's ratings. ` +
      `If you believe this is a mistake, reply to this mail.\n\n` +
      `The product: ${publicUrl}/result/productHub/${to.productId}\n`,
  };
}

export function reviewShownMail(publicUrl: string, to: ReviewAuthor, reason: string | undefined): OutgoingMail {
  return {
    to: to.email,
    subject: `Your review of ${to.productName} is shown again`,
    text:
      `Hello ${to.name},\n\n` +
      `The PriceHub team has looked at your review of ${to.productName} again, and shoppers can read it once more.` +
      (reason ? `\n\n${quoted(reason)}` : '') +
      `\n\n${publicUrl}/result/productHub/${to.productId}\n`,
  };
}

interface BlogAuthor {
  sellerName: string;
  sellerEmail: string;
  storeName: string;
  title: string;
}

export function blogHiddenMail(publicUrl: string, to: BlogAuthor, reason: string): OutgoingMail {
  return {
    to: to.sellerEmail,
    subject: `Your blog post "${to.title}" is hidden`,
    text:
      `Hello ${to.sellerName},\n\n` +
      `The PriceHub team has hidden the blog post "${to.title}" of your store ${to.storeName}, for this reason:\n\n` +
      `${quoted(reason)}\n\n` +
      `Shoppers no longer see it in the blog list or at its address. You can still edit it in your workspace; ` +
      `contact the PriceHub team once you have dealt with the reason.\n\n` +
      `Your blog posts: ${publicUrl}/seller/blogs\n`,
  };
}

export function blogShownMail(publicUrl: string, to: BlogAuthor, reason: string | undefined): OutgoingMail {
  return {
    to: to.sellerEmail,
    subject: `Your blog post "${to.title}" is shown again`,
    text:
      `Hello ${to.sellerName},\n\n` +
      `The PriceHub team has made the blog post "${to.title}" of your store ${to.storeName} public again.` +
      (reason ? `\n\n${quoted(reason)}` : '') +
      `\n\n${publicUrl}/blogPosts\n`,
  };
}

export { quoted };
