/**
 * Text for a `like` pattern with `\`, `%` and `_` escaped, so that what someone typed matches itself rather than acts
 * as wildcards (PostgreSQL's default escape character is `\`).
 */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A `like` pattern for a search box: rows containing the typed words as typed. */
export const likeText = (q: string): string => `%${escapeLike(q)}%`;
