/**
 * A `like` pattern for a search box: rows containing the typed words as typed, with `\`, `%` and `_` escaped so they
 * match themselves rather than act as wildcards. One definition for every operator list with a search box.
 */
export const likeText = (q: string): string => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
