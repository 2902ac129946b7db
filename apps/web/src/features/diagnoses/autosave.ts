import type { DiagnosisUpdateInput } from '@logoschool/contract';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Where the autosave stands: nothing to save, waiting for a pause, saving, saved, or failed (kept, retried). */
export type AutosaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

/** Quiet time after the last change before it is saved. */
export const AUTOSAVE_DELAY_MS = 800;

/**
 * Saves the newest values after a pause in typing, one save at a time; a change made during a
 * save is saved after it. A failed save keeps the values (nothing is lost) and is retried by the
 * next change or `flush`. `flush` saves now and resolves when everything is saved (it rejects
 * when the save fails).
 */
export function useAutosave(save: (values: DiagnosisUpdateInput) => Promise<unknown>) {
  const [state, setState] = useState<AutosaveState>('idle');
  const latest = useRef<DiagnosisUpdateInput | null>(null);
  const dirty = useRef(false);
  const running = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  const run = useCallback(async (): Promise<void> => {
    // One save at a time: wait for the one under way, then save what is still unsaved.
    while (running.current) await running.current.catch(() => undefined);
    while (dirty.current && latest.current !== null) {
      const values = latest.current;
      dirty.current = false;
      setState('saving');
      const attempt = saveRef.current(values).then(
        () => undefined,
        (error: unknown) => {
          dirty.current = true;
          throw error;
        },
      );
      running.current = attempt;
      try {
        await attempt;
      } catch (error) {
        setState('error');
        throw error;
      } finally {
        running.current = null;
      }
    }
    setState('saved');
  }, []);

  const change = useCallback(
    (values: DiagnosisUpdateInput) => {
      latest.current = values;
      dirty.current = true;
      setState('pending');
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        run().catch(() => undefined);
      }, AUTOSAVE_DELAY_MS);
    },
    [run],
  );

  const flush = useCallback(async () => {
    if (timer.current) {
      clearTimeout(timer.current);
      timer.current = null;
    }
    await run();
  }, [run]);

  // Leaving the screen saves what waits.
  useEffect(
    () => () => {
      if (timer.current) {
        clearTimeout(timer.current);
        run().catch(() => undefined);
      }
    },
    [run],
  );

  return { state, change, flush };
}
