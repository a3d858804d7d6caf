import { useId } from 'react';
import { formatRs } from '@pricehub/shared/rules/money';
import type { CatalogueCandidate } from '@pricehub/shared/schemas/product';
import classes from './catalogue-candidates.module.css';

/** The seller's answer: a catalogue product's id, 'none' (add a new product), or null (not answered yet). */
export type CandidateChoice = number | 'none' | null;

const offersText = (c: CatalogueCandidate) =>
  c.offerCount > 0
    ? `${formatRs(c.lowestPrice)} at ${c.offerCount} ${c.offerCount === 1 ? 'store' : 'stores'}`
    : 'No offers yet';

/**
 * "Is it one of these?": catalogue products the new listing may be, as native radio buttons (arrow keys move
 * between them), plus "None of these". Listing under an existing product puts the seller's price beside the others.
 */
export function CatalogueCandidates({
  candidates,
  value,
  onChange,
  error,
}: {
  candidates: CatalogueCandidate[];
  value: CandidateChoice;
  onChange: (choice: CandidateChoice) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <fieldset className={classes.fieldset} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={classes.legend}>Is it one of these?</legend>
      <p className={classes.hint}>
        Pick the product you are selling: shoppers then see your price beside the other stores' on one page.
      </p>
      <div className={classes.list}>
        {candidates.map((c) => (
          <label key={c.id} className={classes.option}>
            <input
              type="radio"
              name={`${id}-catalogue`}
              value={c.id}
              checked={value === c.id}
              onChange={() => onChange(c.id)}
              aria-label={c.name}
              aria-describedby={`${id}-${c.id}`}
            />
            <img className={classes.image} src={c.image || '/favicon.svg'} alt="" loading="lazy" />
            <span className={classes.text}>
              <span className={classes.name}>{c.name}</span>
              <span className={classes.details} id={`${id}-${c.id}`}>
                {c.brand} · {c.ram} GB RAM · {c.storage} GB · {offersText(c)}
              </span>
            </span>
          </label>
        ))}
        <label className={classes.option}>
          <input
            type="radio"
            name={`${id}-catalogue`}
            value="none"
            checked={value === 'none'}
            onChange={() => onChange('none')}
          />
          <span className={classes.name}>None of these: add a new product</span>
        </label>
      </div>
      {error && (
        <p className={classes.error} id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
