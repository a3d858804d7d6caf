import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StoreRating } from './store-rating';

const renderRating = (average: number | null, count: number) =>
  render(
    <MantineProvider>
      <StoreRating rating={{ average, count }} />
    </MantineProvider>,
  );

describe('StoreRating', () => {
  it('says the rating to a screen reader and fills the stars to it', () => {
    const { container } = renderRating(4.3, 12);
    expect(screen.getByRole('img', { name: 'Rated 4.3 out of 5 from 12 ratings' })).toBeTruthy();
    expect((container.querySelector('.stars-filled') as HTMLElement).style.width).toBe('86%');
  });

  it('shows no stars before the first rating', () => {
    const { container } = renderRating(null, 0);
    expect(screen.getByText('No ratings yet')).toBeTruthy();
    expect(container.querySelector('.stars')).toBeNull();
  });
});
