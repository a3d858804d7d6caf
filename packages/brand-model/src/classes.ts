/** The brands the photo model recognises, in the order of its output units. Never reorder: the shipped weights depend on it. */
export const BRAND_CLASSES = ['Dell', 'HP', 'Acer', 'Lenovo', 'Apple', 'Asus', 'Microsoft', 'Samsung'] as const;

export type BrandClass = (typeof BRAND_CLASSES)[number];

/** Side of the square the model looks at; preprocessing resizes every photo to it. */
export const MODEL_INPUT_SIZE = 224;
