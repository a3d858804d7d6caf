import { ActionIcon, Paper } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { BrandClass } from '@pricehub/brand-model/classes';
import { isConfident, resultsPathFor } from '../model/guesses';
import { PhotoSearchResult, type PhotoSearchState } from './photo-search-result';
import { usePhotoArrival } from './use-photo-arrival';

/**
 * The header's "search by photo": a photo dropped on the header, pasted, or picked goes through the in-browser
 * brand model and text reader, and a confident guess opens /result filtered to that brand.
 */
export function PhotoSearchButton() {
  const navigate = useNavigate();
  const anchor = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const latestRequest = useRef(0);
  const [opened, setOpened] = useState(false);
  const [state, setState] = useState<PhotoSearchState>({ status: 'idle' });
  const panelId = useId();

  const preview = 'preview' in state ? state.preview : undefined;
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  const searchWith = useCallback(
    async (file: File) => {
      const request = ++latestRequest.current;
      setOpened(true);
      // The spec's toast for a dropped file that is not an image is 'no image'; the rest says what to do.
      if (!file.type.startsWith('image/')) {
        setState({ status: 'error', message: 'no image: that file is not a photo. Try a JPG, PNG or WebP image.' });
        return;
      }
      const photo = URL.createObjectURL(file);
      setState({ status: 'loading', preview: photo });
      try {
        const { predictPhoto } = await import('../model/predict-photo');
        const { guesses, nameRead } = await predictPhoto(file);
        if (request !== latestRequest.current) return;
        setState({ status: 'done', preview: photo, guesses, nameRead });
        // A confident answer opens that brand's results; an unsure one waits for the shopper to pick.
        const best = guesses[0];
        if (best && isConfident(guesses)) navigate(resultsPathFor(best.brand));
      } catch {
        if (request !== latestRequest.current) return;
        setState({ status: 'error', preview: photo, message: 'Could not read this photo. Please try another one.' });
      }
    },
    [navigate],
  );

  usePhotoArrival(anchor, searchWith);

  useEffect(() => {
    if (!opened) return;
    const closeOutside = (event: PointerEvent) => {
      if (!anchor.current?.contains(event.target as Node)) setOpened(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [opened]);

  const pickBrand = (brand: BrandClass) => navigate(resultsPathFor(brand));
  const chooseFile = () => fileInput.current?.click();

  return (
    <div
      ref={anchor}
      style={{ position: 'relative' }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpened(false);
      }}
    >
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        hidden
        aria-label="Photo to search by brand"
        data-testid="photo-search-input"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) void searchWith(file);
        }}
      />
      <ActionIcon
        variant="light"
        size="lg"
        aria-label="Search by photo"
        title="Search by photo"
        aria-expanded={opened}
        aria-controls={opened ? panelId : undefined}
        onClick={() => (state.status === 'idle' ? chooseFile() : setOpened((o) => !o))}
      >
        <IconCamera size={20} aria-hidden />
      </ActionIcon>
      {opened && (
        // A plain positioned panel rather than a popover: the header ships no positioning library at first load.
        <Paper
          id={panelId}
          role="dialog"
          aria-label="Photo search"
          shadow="md"
          withBorder
          p="sm"
          style={{ position: 'absolute', top: 'calc(100% + 6px)', right: 0, width: 'min(320px, 92vw)', zIndex: 300 }}
        >
          <PhotoSearchResult state={state} onPickBrand={pickBrand} onChooseAnother={chooseFile} />
        </Paper>
      )}
    </div>
  );
}
