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
