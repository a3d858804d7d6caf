import { ActionIcon, Popover, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { CONFIDENT_PROBABILITY, resultsPathFor, type Guess } from '../model/guesses';
import { PhotoSearchResult, type PhotoSearchState } from './photo-search-result';
import { usePhotoArrival } from './use-photo-arrival';

/**
 * The header's "search by photo": a photo dropped on the header, pasted, or picked goes through the in-browser
 * brand model, and a confident guess opens /result filtered to that brand.
 */
export function PhotoSearchButton() {
  const navigate = useNavigate();
  const anchor = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const latestRequest = useRef(0);
  const [opened, setOpened] = useState(false);
  const [state, setState] = useState<PhotoSearchState>({ status: 'idle' });

  const preview = 'preview' in state ? state.preview : undefined;
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  const searchWith = useCallback(
    async (file: File) => {
      const request = ++latestRequest.current;
      setOpened(true);
      if (!file.type.startsWith('image/')) {
        setState({ status: 'error', message: 'That file is not a photo. Try a JPG, PNG or WebP image.' });
        return;
      }
      const photo = URL.createObjectURL(file);
      setState({ status: 'loading', preview: photo });
      try {
        const { predictPhoto } = await import('../model/predict-photo');
        const guesses = (await predictPhoto(file)).slice(0, 3);
        if (request !== latestRequest.current) return;
        setState({ status: 'done', preview: photo, guesses });
        const best = guesses[0];
        if (best && best.probability >= CONFIDENT_PROBABILITY) navigate(resultsPathFor(best.brand));
      } catch {
        if (request !== latestRequest.current) return;
        setState({ status: 'error', preview: photo, message: 'Could not read this photo. Please try another one.' });
      }
    },
    [navigate],
  );

  usePhotoArrival(anchor, searchWith);

  const pickBrand = (guess: Guess) => navigate(resultsPathFor(guess.brand));
  const chooseFile = () => fileInput.current?.click();

  return (
    <div ref={anchor}>
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
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom"
        width="min(320px, 92vw)"
        shadow="md"
        withArrow
        returnFocus
      >
        <Popover.Target>
          <Tooltip label="Search by photo" withArrow openDelay={400}>
            <ActionIcon
              variant="light"
              size="lg"
              aria-label="Search by photo"
              aria-expanded={opened}
              onClick={() => (state.status === 'idle' ? chooseFile() : setOpened((o) => !o))}
            >
              <IconCamera size={20} />
            </ActionIcon>
          </Tooltip>
        </Popover.Target>
        <Popover.Dropdown aria-label="Photo search">
          <VisuallyHidden>Photo search</VisuallyHidden>
          <PhotoSearchResult state={state} onPickBrand={pickBrand} onChooseAnother={chooseFile} />
        </Popover.Dropdown>
      </Popover>
    </div>
  );
}
