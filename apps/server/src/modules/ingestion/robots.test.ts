import { describe, expect, it } from 'vitest';
import {
  parseRobots,
  ROBOTS_MAX_BYTES,
  ROBOTS_MAX_PATH_LENGTH,
  ROBOTS_MAX_RULE_LENGTH,
  ROBOTS_MAX_RULES,
} from './robots';

const robots = (rules: string, agent = '*') => parseRobots(`User-agent: ${agent}\n${rules}`);

describe('robots.txt rules (RFC 9309)', () => {
  it('matches prefixes, * anywhere and $ at the end', () => {
    const r = robots('Disallow: /private\nDisallow: /*.pdf$\nDisallow: /cart*/checkout\n');
    expect(r.allows('/private/phone.html')).toBe(false);
    expect(r.allows('/privately')).toBe(false);
    expect(r.allows('/public/phone.html')).toBe(true);
    expect(r.allows('/docs/manual.pdf')).toBe(false);
    expect(r.allows('/docs/manual.pdf?page=2')).toBe(true);
    expect(r.allows('/cart/123/checkout/now')).toBe(false);
    expect(r.allows('/cart/123/review')).toBe(true);
  });

  it('lets the longest matching rule win, and Allow win a tie', () => {
    const r = robots('Disallow: /shop/\nAllow: /shop/phones/\nDisallow: /shop/phones/old\nAllow: /a$\nDisallow: /a$\n');
    expect(r.allows('/shop/laptops/x')).toBe(false);
    expect(r.allows('/shop/phones/x')).toBe(true);
    expect(r.allows('/shop/phones/old-one')).toBe(false);
    expect(r.allows('/a')).toBe(true);
  });

  it('reads the group naming PriceHub before the * group, and allows everything without rules', () => {
    const r = parseRobots('User-agent: *\nDisallow: /\n\nUser-agent: PriceHub\nDisallow: /private\n');
    expect(r.allows('/products/a.html')).toBe(true);
    expect(r.allows('/private/a.html')).toBe(false);
    expect(parseRobots('').allows('/anything')).toBe(true);
  });
});

describe('a hostile robots.txt', () => {
  it('matches /*a*a*a*a*a*b against a long path in under 50 ms (a regular expression backtracked for 0.5 s)', () => {
    const r = robots(`Disallow: /${'*a'.repeat(5)}b\n`);
    const started = performance.now();
    expect(r.allows(`/${'a'.repeat(100)}`)).toBe(true);
    expect(r.allows(`/${'a'.repeat(100)}b`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('stays under 50 ms with 250 stars and the longest path fetched', () => {
    const r = robots(`Disallow: /${'*a'.repeat(250)}b\n`);
    const started = performance.now();
    expect(r.allows(`/${'a'.repeat(ROBOTS_MAX_PATH_LENGTH - 1)}`)).toBe(true);
    expect(r.allows(`/${'a'.repeat(300)}b`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(50);
  });

  it(`reads at most ${ROBOTS_MAX_RULES} rules`, () => {
    const filler = Array.from({ length: ROBOTS_MAX_RULES }, (_, i) => `Disallow: /filler-${i}\n`).join('');
    const r = robots(`${filler}Disallow: /late\n`);
    expect(r.allows('/filler-999')).toBe(false);
    expect(r.allows('/late/page')).toBe(true);
  });

  it('shortens an over-long Disallow (it closes more) and drops an over-long Allow (it would open more)', () => {
    const long = `/section/${'x'.repeat(ROBOTS_MAX_RULE_LENGTH)}`;
    const r = robots(`Disallow: ${long}-end\nDisallow: /open/\nAllow: /open/${'y'.repeat(ROBOTS_MAX_RULE_LENGTH)}\n`);
    expect(r.allows(`/section/${'x'.repeat(ROBOTS_MAX_RULE_LENGTH)}-other`)).toBe(false);
    expect(r.allows(`/open/${'y'.repeat(ROBOTS_MAX_RULE_LENGTH)}`)).toBe(false);
  });

  it('stops reading at a line end past the size cap, and never fetches an over-long path', () => {
    const padding = `# ${'p'.repeat(ROBOTS_MAX_BYTES)}\n`;
    const r = robots(`Disallow: /\n${padding}Allow: /products/\n`);
    expect(r.allows('/products/a.html')).toBe(false);
    expect(robots('').allows(`/${'a'.repeat(ROBOTS_MAX_PATH_LENGTH)}`)).toBe(false);
  });
});
