import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { blogMessages } from '@pricehub/shared/schemas/blog';
import { mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { messageUnderInput as messageUnder } from '../../../test/form-queries';
import { SellerBlogsPage } from './seller-blogs-page';

describe('seller blogs', { timeout: 30_000 }, () => {
  it('previews the server’s rendering, checks the fields and publishes', async () => {
    const api = mockApi({
      'GET /api/seller/blogs': [200, { blogs: [] }],
      'POST /api/seller/blogs/preview': [200, { html: '<p><strong>Fast</strong> laptops</p>' }],
      'POST /api/seller/blogs': [201, { message: blogMessages.created, blog: { id: 1 } }],
    });
    renderPage(<SellerBlogsPage />, { path: '/seller/blogs' });
    expect(await screen.findByText('You have not written any posts yet.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(messageUnder(screen.getByLabelText(/^Title/))).toBe(blogMessages.titleRequired);
    expect(messageUnder(screen.getByLabelText(/^Content/))).toBe(blogMessages.contentRequired);

    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Best laptops' } });
    fireEvent.change(screen.getByLabelText(/^Content/), { target: { value: '**Fast** laptops' } });
    const preview = await screen.findByText('Fast', { selector: 'strong' }, { timeout: 3000 });
    expect(preview.closest('[role="region"]')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(api.sent('POST /api/seller/blogs')).toHaveLength(1));
    expect(api.sent('POST /api/seller/blogs')[0]!.body).toEqual({ title: 'Best laptops', content: '**Fast** laptops' });
  });
});
