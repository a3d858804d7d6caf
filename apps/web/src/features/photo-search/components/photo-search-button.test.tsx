import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Guess } from '../model/guesses';
import type { PhotoVerdict } from '../model/predict-photo';
import { PhotoSearchButton } from './photo-search-button';
import { SLOW_LOOK_MS } from './photo-search-result';

// The real model runs in the e2e test and in packages/brand-model; here the UI's decisions are under test.
// A plain function rather than vi.fn: vi.fn's result tracking turns a rejected promise into an unhandled one.
let predictPhoto: (file: Blob) => Promise<PhotoVerdict>;
let predictCalls = 0;
vi.mock('../model/predict-photo', () => ({
  predictPhoto: (file: Blob) => {
    predictCalls++;
    return predictPhoto(file);
  },
}));

globalThis.URL.createObjectURL ??= () => 'blob:photo';
globalThis.URL.revokeObjectURL ??= () => {};

function CurrentUrl() {
  const location = useLocation();
  return <output aria-label="Current URL">{location.pathname + location.search}</output>;
}

const renderInHeader = () =>
  render(
    // env="test" turns off Mantine's transitions and portals, which happy-dom cannot run.
    <MantineProvider env="test">
      <MemoryRouter initialEntries={['/']}>
        <header>
          <PhotoSearchButton />
        </header>
        <Routes>
          <Route path="*" element={<CurrentUrl />} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );

const photo = () => new File([new Uint8Array([137, 80, 78, 71])], 'lid.png', { type: 'image/png' });
const guesses = (...pairs: [Guess['brand'], number][]): PhotoVerdict => ({
  guesses: pairs.map(([brand, probability]) => ({ brand, probability })),
});

describe('PhotoSearchButton', () => {
  beforeEach(() => {
    predictCalls = 0;
  });

  it('shows a confident guess with the next two as chips, and opens the results for that brand', async () => {
    predictPhoto = async () => guesses(['Dell', 0.87], ['HP', 0.06], ['Acer', 0.03], ['Asus', 0.02]);
    renderInHeader();
    await userEvent.upload(screen.getByLabelText('Photo to search by brand'), photo());

    await screen.findByText('Looks like Dell (87%)');
    await screen.findByRole('img', { name: 'Your photo' });
    const chips = await screen.findByRole('group', { name: 'Other guesses' });
    expect(chips.textContent).toContain('HP (6%)');
    expect(chips.textContent).toContain('Acer (3%)');
    expect(chips.textContent).not.toContain('Asus');
    await screen.findByText('/result?brand=Dell');

    await userEvent.click(await screen.findByRole('button', { name: 'HP (6%)' }));
    await screen.findByText('/result?brand=HP');
  });

  it('says which words on the photo named the brand', async () => {
    predictPhoto = async () => ({ ...guesses(['Lenovo', 0.98], ['Apple', 0.01]), nameRead: 'LENOVO' });
    renderInHeader();
    await userEvent.upload(screen.getByLabelText('Photo to search by brand'), photo());

    await screen.findByText('Looks like Lenovo (98%)');
    await screen.findByText('Read “LENOVO” on the photo.');
    await screen.findByText('/result?brand=Lenovo');
  });

  it('says why the first photo takes longer while the reader is fetched', async () => {
    predictPhoto = () => new Promise(() => {});
    renderInHeader();
    await userEvent.upload(screen.getByLabelText('Photo to search by brand'), photo());

    await screen.findByText('Looking at your photo…');
    expect(screen.queryByText(/first photo takes longer/)).toBeNull();
    await screen.findByText(/The first photo takes longer/, undefined, { timeout: SLOW_LOOK_MS + 2000 });
  });

  it('lets the shopper correct a confident guess with any other brand', async () => {
    predictPhoto = async () => guesses(['Acer', 0.91], ['Asus', 0.05], ['Dell', 0.02], ['HP', 0.01]);
    renderInHeader();
    await userEvent.upload(screen.getByLabelText('Photo to search by brand'), photo());

    await screen.findByText('Looks like Acer (91%)');
    await screen.findByText('/result?brand=Acer');
    const other = screen.getByRole('combobox', { name: 'Pick another brand' });
    // The brands already offered as buttons are not repeated in the list.
    const options = Array.from(other.querySelectorAll('option')).map((o) => o.value);
    expect(options).toEqual(['', 'HP', 'Lenovo', 'Apple', 'Microsoft', 'Samsung']);
    await userEvent.selectOptions(other, 'Lenovo');
    await screen.findByText('/result?brand=Lenovo');
  });

  it('is not sure below the threshold: offers the two likeliest brands and opens nothing until one is picked', async () => {
    predictPhoto = async () => guesses(['Lenovo', 0.41], ['Samsung', 0.33], ['Asus', 0.14], ['Dell', 0.12]);
    renderInHeader();
    await userEvent.upload(screen.getByLabelText('Photo to search by brand'), photo());

    await screen.findByText('Not sure which brand this is. Pick one:');
    await screen.findByText('It looks most like Lenovo (41%).');
    expect(screen.queryByText(/Looks like/)).toBeNull();
    expect(screen.getByLabelText('Current URL').textContent).toBe('/');
    const choices = screen.getByRole('group', { name: 'Most likely brands' });
    expect(
      within(choices)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Lenovo (41%)', 'Samsung (33%)']);
    expect(screen.queryByRole('button', { name: 'Asus (14%)' })).toBeNull();

    await userEvent.click(within(choices).getByRole('button', { name: 'Samsung (33%)' }));
    await screen.findByText('/result?brand=Samsung');
  });

  it('when not sure, also lets the shopper pick a brand the model did not offer', async () => {
    predictPhoto = async () => guesses(['HP', 0.52], ['Dell', 0.3], ['Asus', 0.1], ['Acer', 0.08]);
    renderInHeader();
    await userEvent.upload(screen.getByLabelText('Photo to search by brand'), photo());

    await screen.findByText('It looks most like HP (52%).');
    expect(screen.getByLabelText('Current URL').textContent).toBe('/');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Pick another brand' }), 'Asus');
    await screen.findByText('/result?brand=Asus');
  });

  it('accepts a photo dropped on the header', async () => {
    predictPhoto = async () => guesses(['Apple', 0.95], ['HP', 0.02], ['Dell', 0.01]);
    renderInHeader();
    const transfer = { types: ['Files'], files: [photo()], dropEffect: 'none' };
    const drop = new Event('drop', { bubbles: true, cancelable: true });
    Object.defineProperty(drop, 'dataTransfer', { value: transfer });
    screen.getByRole('banner').dispatchEvent(drop);

    await screen.findByText('Looks like Apple (95%)');
    expect(predictCalls).toBe(1);
  });

  it('refuses a file that is not an image without running the model', async () => {
    renderInHeader();
    const input = screen.getByLabelText('Photo to search by brand');
    await userEvent.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }), { applyAccept: false });

    await screen.findByText('no image: that file is not a photo. Try a JPG, PNG or WebP image.');
    expect(predictCalls).toBe(0);
  });

  it('explains a photo it cannot read and offers to try another', async () => {
    predictPhoto = async () => {
      throw new Error('decode failed');
    };
    renderInHeader();
    await userEvent.upload(screen.getByLabelText('Photo to search by brand'), photo());

    await screen.findByText('Could not read this photo. Please try another one.');
    await screen.findByRole('button', { name: 'Try another photo' });
  });
});
