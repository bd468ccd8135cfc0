import { useEffect } from 'react';
import { PRODUCT_NAME } from '@shared/product';

/** Sets the tab title as '{title} | PickupLine', or just the product name. */
export function useDocumentTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
