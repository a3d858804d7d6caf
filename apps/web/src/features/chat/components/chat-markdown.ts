import { Marked } from 'marked';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Our own pages (a single leading slash) and http(s) links; anything else (javascript:, data:) stays text. */
export function safeHref(href: string): string | null {
  return /^(\/(?!\/)|https?:\/\/)/i.test(href) ? href : null;
}

/**
 * Markdown for assistant replies (links, lists, bold, tables). A model's reply is untrusted text: raw HTML is
 * shown escaped, images are not loaded, and only safe link targets become links.
 */
const markdown = new Marked({
  gfm: true,
  breaks: true,
  renderer: {
    html({ text }) {
      return escapeHtml(text);
    },
    image({ text }) {
      return escapeHtml(text);
    },
    link({ href, tokens }) {
      const inner = this.parser.parseInline(tokens);
      const safe = safeHref(href);
      if (!safe) return inner;
      const external = !safe.startsWith('/');
      return `<a href="${escapeHtml(safe)}"${external ? ' target="_blank" rel="noopener noreferrer"' : ''}>${inner}</a>`;
    },
  },
});

export function renderChatMarkdown(text: string): string {
  return markdown.parse(text, { async: false });
}
