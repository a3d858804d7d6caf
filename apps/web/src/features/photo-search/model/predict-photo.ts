import { predictBrand, type BrandGuess } from './brand-predictor';
import { readPhotoPixels } from './read-photo';

/** The lazily imported entry point: photo file in, brand guesses out (most likely first). */
export async function predictPhoto(file: Blob): Promise<BrandGuess[]> {
  return predictBrand(await readPhotoPixels(file));
}
