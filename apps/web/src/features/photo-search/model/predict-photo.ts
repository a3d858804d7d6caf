import { brandsNamedIn, withNamesRead } from '@pricehub/brand-model/wordmark';
import { predictBrand } from './brand-predictor';
import { rankedGuesses, type Guess } from './guesses';
import { readPhotoPixels } from './read-photo';
import { readBrandNamesInWorker } from './text-reader-worker';

export interface PhotoVerdict {
  /** Every brand, most likely first. */
  guesses: Guess[];
  /** The line of text that names the likeliest brand, when one was read on the photo ("LENOVO"). */
  nameRead?: string;
}

/**
 * The lazily imported entry point: photo file in, brand guesses out. The CNN's guess (brand-predictor.ts) is weighed
 * with the brand names a text reader finds on the photo (wordmark.ts): a name read outweighs the CNN, as
 * `evaluate-cli` scores it. When the text reader cannot load (a dropped connection), the CNN answers alone.
 */
export async function predictPhoto(file: Blob): Promise<PhotoVerdict> {
  const pixels = await readPhotoPixels(file);
  // Both start at once: the reader, in its own thread, downloads its models and reads while the CNN looks. Its second
  // reading, when the machine has a core for it, starts once the CNN is done with that core (text-reader-worker.ts).
  const looking = predictBrand(pixels);
  const reading = readBrandNamesInWorker(pixels, looking);
  const probabilities = await looking;
  const { brands: read, lines } = await reading.catch((error: unknown) => {
    console.warn('Photo search: the text reader could not run, so the brand is judged by its look alone.', error);
    return { brands: [], lines: [] };
  });
  if (read.length === 0) return { guesses: rankedGuesses(probabilities) };
  const guesses = rankedGuesses(withNamesRead(probabilities, read));
  const best = guesses[0]!.brand;
  const line = lines.find((l) => brandsNamedIn([l]).includes(best));
  // Shown as read, less what a wide crop takes in around the name: "(DELL)" is shown as "DELL".
  return { guesses, nameRead: line?.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '') };
}
