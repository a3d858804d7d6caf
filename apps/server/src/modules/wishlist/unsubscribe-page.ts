/**
 * The small page an unsubscribe link opens in the browser. It is drawn by the server, with no script, so it works
 * without signing in and without the web app; the button posts back to the same address.
 */
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface UnsubscribePageInput {
  title: string;
  message: string;
  /** Shows the confirmation button, posting to this path. */
  confirmPath?: string;
  /** Absolute links (PUBLIC_URL). */
  settingsUrl: string;
  shopUrl: string;
}

export function unsubscribePage(input: UnsubscribePageInput): string {
  const form = input.confirmPath
    ? `<form method="post" action="${escapeHtml(input.confirmPath)}">
  <input type="hidden" name="List-Unsubscribe" value="One-Click">
  <button type="submit">Unsubscribe</button>
</form>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(input.title)} · PriceHub</title>
<style>
  body { font-family: system-ui, Arial, sans-serif; color: #1a1b1e; margin: 0; padding: 24px 16px; }
  main { max-width: 520px; margin: 10vh auto 0; border: 1px solid #dee2e6; border-radius: 8px; padding: 24px; }
  h1 { font-size: 1.4rem; margin-top: 0; }
  button { font: inherit; background: #1c7ed6; color: #fff; border: 0; border-radius: 6px; padding: 10px 18px;
    cursor: pointer; min-height: 44px; }
  button:focus-visible, a:focus-visible { outline: 3px solid #74c0fc; outline-offset: 2px; }
  a { color: #1864ab; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(input.title)}</h1>
<p>${escapeHtml(input.message)}</p>
${form}
<p><a href="${escapeHtml(input.settingsUrl)}">Alert settings in your account</a> · <a href="${escapeHtml(input.shopUrl)}">Back to PriceHub</a></p>
</main>
</body>
</html>
`;
}
