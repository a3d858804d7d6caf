import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@pricehub/shared/messages';
import { uploadMessages } from '@pricehub/shared/schemas/product';
import { mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { ImageUpload } from './image-upload';

const uploadImage = vi.hoisted(() => vi.fn());
vi.mock('../api/upload', () => ({ uploadImage }));

afterEach(() => uploadImage.mockReset());

const NOT_AN_IMAGE = `${messages.generic.noImage}: ${uploadMessages.badType}`;

function Field() {
  const [url, setUrl] = useState('');
  return <ImageUpload value={url} onChange={setUrl} />;
}

function dropOnField(file: File) {
  const zone = screen.getByTestId('image-drop-zone');
  const dataTransfer = { types: ['Files'], files: [file], dropEffect: 'none' };
  fireEvent.dragOver(zone, { dataTransfer });
  fireEvent.drop(zone, { dataTransfer });
}

const errorText = () => {
  const input = screen.getByLabelText(/^Product image/);
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).find((el) => el?.id.endsWith('-error'))?.textContent ?? null;
};

describe('product image field', () => {
  it('refuses a dropped file that is not an image with the spec’s wording, uploading nothing', async () => {
    mockApi({});
    renderPage(<Field />, { path: '/seller/addProduct' });
    dropOnField(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    await waitFor(() => expect(errorText()).toBe(NOT_AN_IMAGE));
    expect(uploadImage).not.toHaveBeenCalled();
  });

  it('uploads a dropped photo and shows it', async () => {
    mockApi({});
    uploadImage.mockResolvedValue({ url: '/uploads/a.webp', thumbnailUrl: '/uploads/a-thumb.webp' });
    renderPage(<Field />, { path: '/seller/addProduct' });
    dropOnField(new File(['png'], 'phone.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Uploaded product image' })).toBeTruthy();
    expect(uploadImage).toHaveBeenCalledTimes(1);
    expect(errorText()).toBeNull();
  });

  it('gives the same answer to a non-image chosen with the file picker', async () => {
    mockApi({});
    renderPage(<Field />, { path: '/seller/addProduct' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File(['%PDF'], 'spec.pdf', { type: 'application/pdf' }), { applyAccept: false });
    await waitFor(() => expect(errorText()).toBe(NOT_AN_IMAGE));
    expect(uploadImage).not.toHaveBeenCalled();
  });
});
