/** A URL-safe handle for a store or a file name: "Galaxy Mobiles & Co." → "galaxy-mobiles-co". */
export function slugify(name: string): string {
  const slug = name
    // Decomposed, an accented letter is the letter and a mark: dropping the mark keeps the word whole ("é" → "e").
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'store';
}
