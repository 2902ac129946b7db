import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

/** How long a list waits after the last key before it searches. */
export const SEARCH_DEBOUNCE_MS = 300;

/** What a list's controls hold: the search as typed and as asked, the page, and its other filters. */
export interface ListControls<F> {
  /** The search box's text, as typed. */
  term: string;
  /** The search the list asks for: the typed text, trimmed, once typing settles. */
  search: string;
  setTerm(value: string): void;
  page: number;
  setPage(page: number): void;
  filter: F;
  /** Changes some filters; the list starts again from its first page. */
  setFilter(patch: Partial<F>): void;
  /** Whether the search or a filter narrows the list (its empty state says "nothing matches"). */
  narrowed: boolean;
}

/**
 * The state of a list's search, filters and page: typing or another filter goes back to the first
 * page, as does a change of `firstPageOn` (a filter the address keeps, read by the caller).
 */
export function useListControls<F extends object = Record<string, never>>(
  initial: F = {} as F,
  { firstPageOn = '' }: { firstPageOn?: string } = {},
): ListControls<F> {
  const [term, setTermValue] = useState('');
  const [search] = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  const [filter, setFilterValue] = useState(initial);
  const [page, setPage] = useState(1);
  const [pageOf, setPageOf] = useState(firstPageOn);
  if (pageOf !== firstPageOn) {
    setPageOf(firstPageOn);
    setPage(1);
  }
  const narrowed =
    search !== '' || (Object.keys(initial) as (keyof F)[]).some((key) => filter[key] !== initial[key]);
  return {
    term,
    search,
    setTerm: (value) => {
      setTermValue(value);
      setPage(1);
    },
    page,
    setPage,
    filter,
    setFilter: (patch) => {
      setFilterValue((current) => ({ ...current, ...patch }));
      setPage(1);
    },
    narrowed,
  };
}

/**
 * One value the address keeps (`?key=value`), for a list's tab or filter that a link or a reload
 * should find again: null when absent. Setting null takes it out of the address, and a change
 * replaces the history entry (a filter is no step to go back to).
 */
export function useUrlParam(key: string): [string | null, (value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const set = (value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  return [params.get(key), set];
}

/** One of `values` kept in the address as `?key=`; `fallback` when absent or unknown, and then left out. */
export function useUrlChoice<V extends string>(
  key: string,
  values: readonly V[],
  fallback: V,
): [V, (value: V) => void] {
  const [raw, set] = useUrlParam(key);
  const value = values.find((candidate) => candidate === raw) ?? fallback;
  return [value, (next) => set(next === fallback ? null : next)];
}
