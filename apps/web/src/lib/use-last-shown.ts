import { useState } from 'react';

/**
 * The last non-null value: what a dialog keeps showing while it closes (its target is already
 * null then, and the title or the name in the question would go blank during the transition).
 */
export function useLastShown<T>(value: T | null): T | null {
  const [shown, setShown] = useState(value);
  if (value !== null && value !== shown) setShown(value);
  return shown;
}
