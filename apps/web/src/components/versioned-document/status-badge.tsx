import type { DocumentStatus } from '@logoschool/contract';
import { Badge } from '@mantine/core';

/**
 * Each status's badge shade, read with `autoContrast` at WCAG AA as the exercise statuses are: a
 * draft gray, in review a light yellow with black text, published green (teal 9).
 */
const SHADES: Record<DocumentStatus, string> = {
  draft: 'gray.9',
  moderation: 'yellow.4',
  published: 'teal.9',
};

/** A versioned document's status, said in the area's words (the colour only repeats it). */
export function DocumentStatusBadge({ status, label }: { status: DocumentStatus; label: string }) {
  return (
    <Badge color={SHADES[status]} autoContrast>
      {label}
    </Badge>
  );
}
