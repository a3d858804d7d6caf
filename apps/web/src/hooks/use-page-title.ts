import { useEffect } from 'react';

/** Sets the document title for the page, as every page of a good shop names itself in the tab. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} | PriceHub` : 'PriceHub';
  }, [title]);
}
