import { describe, expect, it } from 'vitest';
import { readSseEvents } from '../api/stream-chat';
import { renderChatMarkdown, safeHref } from './chat-markdown';

describe('assistant reply markdown', () => {
  it('renders our product links, lists and bold', () => {
    const html = renderChatMarkdown('1. [Galaxy A55](/result/productHub/7): **Rs 95,000**');
    expect(html).toContain('<a href="/result/productHub/7">Galaxy A55</a>');
    expect(html).toContain('<strong>Rs 95,000</strong>');
    expect(html).toContain('<ol>');
  });

  it('renders a comparison table', () => {
    const html = renderChatMarkdown('| | A | B |\n|---|---|---|\n| Price | Rs 1 | Rs 2 |');
    expect(html).toContain('<table>');
    expect(html).toContain('<td>Rs 2</td>');
  });

  it('shows raw HTML as text and drops unsafe links and images', () => {
    const html = renderChatMarkdown(
      'Hi <img src=x onerror=alert(1)> [click](javascript:alert(1)) ![x](http://evil/x.png)\n\n<script>alert(1)</script>',
    );
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('href="javascript');
    expect(html).toContain('&lt;script&gt;');
    expect(safeHref('//evil.example')).toBeNull();
    expect(safeHref('https://shop.example/x')).toBe('https://shop.example/x');
  });

  it('opens outside links in a new tab', () => {
    expect(renderChatMarkdown('[Daraz](https://daraz.pk/x)')).toContain('target="_blank" rel="noopener noreferrer"');
  });
});

describe('reading the reply stream', () => {
  it('returns whole events and keeps a half-received one for the next chunk', () => {
    const first = readSseEvents('event: delta\ndata: {"text":"Hel"}\n\nevent: delta\ndata: {"te');
    expect(first.events).toEqual([{ event: 'delta', text: 'Hel' }]);
    const second = readSseEvents(first.rest + 'xt":"lo"}\n\nevent: done\ndata: {}\n\n');
    expect(second.events).toEqual([{ event: 'delta', text: 'lo' }, { event: 'done' }]);
    expect(second.rest).toBe('');
  });
});
