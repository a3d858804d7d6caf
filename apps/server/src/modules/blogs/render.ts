import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

const markdown = new Marked({ gfm: true, breaks: true, async: false });

/**
 * Sellers write markdown, which may carry raw HTML; shoppers' browsers render the result. Only formatting tags
 * survive: no script or style, no event attributes, and links and images only over http(s) (or mailto).
 */
const policy: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 'del'],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title'],
    code: ['class'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }) },
};

export function renderBlogHtml(content: string): string {
  return sanitizeHtml(markdown.parse(content) as string, policy);
}

/** Characters of plain text a summary keeps at most (the list shows a few lines of each post). */
export const SUMMARY_MAX = 280;

/** Tags after which a reader sees a break: the summary puts a space there so words of two blocks do not join. */
const BREAKS = /<(?:br|img|hr|\/(?:p|h[1-6]|li|ul|ol|blockquote|pre|div|table|tr|td|th))\b[^>]*>/gi;

/**
 * The start of a post as plain text, from its sanitized HTML: only what a reader of the post sees (a stripped
 * script's text is gone too), whitespace collapsed, cut at a word near SUMMARY_MAX characters.
 */
export function summarizeBlogHtml(html: string): string {
  const escaped = sanitizeHtml(html.replace(BREAKS, '$& '), { allowedTags: [], allowedAttributes: {} });
  // sanitize-html writes text with exactly these three escaped.
  const text = escaped.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();
  if (text.length <= SUMMARY_MAX) return text;
  const cut = text.slice(0, SUMMARY_MAX - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > SUMMARY_MAX / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

/**
 * Bumped whenever the renderer or its policy changes what a post becomes (a sanitizer fix): the next start renders
 * every stored post again (blogs/stored-render.ts). Reads never render.
 */
export const BLOG_RENDER_VERSION = 1;

export interface RenderedPost {
  html: string;
  summary: string;
  renderVersion: number;
}

/** What a post stores next to its markdown, computed once when it is written. */
export function renderPost(content: string): RenderedPost {
  const html = renderBlogHtml(content);
  return { html, summary: summarizeBlogHtml(html), renderVersion: BLOG_RENDER_VERSION };
}
