import { computedOutcomes, type Answers, type DiagnosticCardContent } from '@logoschool/contract';

/**
 * Each computed block's value from a diagnosis' answers, by the block's key (the contract's
 * `computedOutcomes`, as the filling screen evaluates them): a number, or null while answers it
 * needs are missing or its formula fails. The parents' progress reads values through it.
 */
export function computedValues(
  content: DiagnosticCardContent,
  answers: Answers,
): Record<string, number | null> {
  const values: Record<string, number | null> = {};
  for (const { block, outcome } of computedOutcomes(content, answers)) {
    values[block.key] = outcome.kind === 'value' ? outcome.value : null;
  }
  return values;
}
