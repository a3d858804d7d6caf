import { Alert, Button, Group, Image, Loader, NativeSelect, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { BRAND_CLASSES, type BrandClass } from '@pricehub/brand-model/classes';
import { isConfident, NOT_SURE_CHOICES, OTHER_GUESSES, percent, type Guess } from '../model/guesses';

export type PhotoSearchState =
  | { status: 'idle' }
  | { status: 'loading'; preview: string }
  | { status: 'done'; preview: string; guesses: Guess[]; nameRead?: string }
  | { status: 'error'; preview?: string; message: string };

interface PhotoSearchResultProps {
  state: PhotoSearchState;
  onPickBrand: (brand: BrandClass) => void;
  onChooseAnother: () => void;
}

/** What the popover shows: the photo, then the model's verdict, its runners-up, or a choice when it is unsure. */
export function PhotoSearchResult({ state, onPickBrand, onChooseAnother }: PhotoSearchResultProps) {
  if (state.status === 'idle') {
    return (
      <Stack gap="xs">
        <Text size="sm">Drop a photo of a laptop lid or phone back on the header, paste one, or choose a file.</Text>
        <Button onClick={onChooseAnother}>Choose a photo</Button>
      </Stack>
    );
  }
  const preview = 'preview' in state && state.preview && (
    <Image src={state.preview} alt="Your photo" h={140} fit="contain" radius="sm" bg="gray.1" />
  );
  return (
    <Stack gap="xs">
      {preview}
      <div role="status" aria-live="polite">
        {state.status === 'loading' && <Looking />}
        {state.status === 'error' && (
          <Alert color="red" variant="light" p="xs">
            {state.message}
          </Alert>
        )}
        {state.status === 'done' && (
          <Verdict guesses={state.guesses} nameRead={state.nameRead} onPickBrand={onPickBrand} />
        )}
      </div>
      {state.status !== 'loading' && (
        <Button variant="subtle" size="compact-sm" onClick={onChooseAnother}>
          Try another photo
        </Button>
      )}
    </Stack>
  );
}

/** How long a look takes before the panel says why: the first photo fetches the text reader's models. */
export const SLOW_LOOK_MS = 2500;

function Looking() {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_LOOK_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Loader size="sm" />
        <Text size="sm">Looking at your photo…</Text>
      </Group>
      {slow && (
        <Text size="xs" c="dimmed">
          The first photo takes longer: the reader for brand names is being fetched (about 20 MB, once).
        </Text>
      )}
    </Stack>
  );
}

/** Every brand not already offered as a button, for a shopper who knows better than the model. */
function OtherBrand({ offered, onPickBrand }: { offered: Guess[]; onPickBrand: (brand: BrandClass) => void }) {
  const rest = BRAND_CLASSES.filter((brand) => !offered.some((g) => g.brand === brand));
  return (
    <NativeSelect
      size="xs"
      aria-label="Pick another brand"
      value=""
      data={[{ value: '', label: 'Another brand…' }, ...rest.map((brand) => ({ value: brand, label: brand }))]}
      onChange={(event) => {
        const brand = rest.find((b) => b === event.currentTarget.value);
        if (brand) onPickBrand(brand);
      }}
    />
  );
}

interface VerdictProps {
  guesses: Guess[];
  /** The text on the photo that names the likeliest brand, when one was read. */
  nameRead?: string;
  onPickBrand: (brand: BrandClass) => void;
}

function Verdict({ guesses, nameRead, onPickBrand }: VerdictProps) {
  const [best] = guesses;
  if (!best) return null;
  const chip = (guess: Guess, variant: 'light' | 'filled' = 'light') => (
    <Button key={guess.brand} variant={variant} radius="xl" size="compact-sm" onClick={() => onPickBrand(guess.brand)}>
      {guess.brand} ({percent(guess.probability)})
    </Button>
  );
  if (!isConfident(guesses)) {
    // Not sure: show what it thinks and how sure it is, but let the shopper choose between the two likeliest.
    const choices = guesses.slice(0, NOT_SURE_CHOICES);
    return (
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          Not sure which brand this is. Pick one:
        </Text>
        <Text size="xs" c="dimmed">
          It looks most like {best.brand} ({percent(best.probability)}).
        </Text>
        <Group gap={6} role="group" aria-label="Most likely brands">
          {choices.map((g) => chip(g))}
        </Group>
        <OtherBrand offered={choices} onPickBrand={onPickBrand} />
      </Stack>
    );
  }
  const others = guesses.slice(1, 1 + OTHER_GUESSES);
  return (
    <Stack gap={6}>
      <Text fw={700}>
        Looks like {best.brand} ({percent(best.probability)})
      </Text>
      {nameRead && (
        <Text size="xs" c="dimmed">
          Read “{nameRead}” on the photo.
        </Text>
      )}
      <Group gap={6} role="group" aria-label="Other guesses">
        <Text size="xs" c="dimmed">
          Or:
        </Text>
        {others.map((g) => chip(g))}
      </Group>
      <OtherBrand offered={[best, ...others]} onPickBrand={onPickBrand} />
    </Stack>
  );
}
