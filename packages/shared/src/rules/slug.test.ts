import { describe, expect, it } from 'vitest';
import { slugify } from './slug';

describe('slugify', () => {
  it('keeps lower-case letters and digits, joined by single hyphens', () => {
    expect(slugify('Galaxy Mobiles & Co.')).toBe('galaxy-mobiles-co');
    expect(slugify('  --Tech   Hub 24/7-- ')).toBe('tech-hub-24-7');
  });

  it('drops accents and caps the length at 60 characters', () => {
    expect(slugify('Café Électronique')).toBe('cafe-electronique');
    expect(slugify('a'.repeat(80))).toHaveLength(60);
  });

  it('falls back to "store" when nothing URL-safe is left', () => {
    expect(slugify('—★—')).toBe('store');
  });
});
