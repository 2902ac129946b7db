import { LOCAL_KEYS } from '@logoschool/contract';
import { useEffect, useState } from 'react';
import { readLocal, writeLocal } from '../../lib/local-storage.ts';

/** God mode (spec §2): Ctrl+Shift+G toggles it; kept in local `gm`. */
export function useGodMode(): boolean {
  const [on, setOn] = useState(() => readLocal(LOCAL_KEYS.godMode) === '1');
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey && event.shiftKey && event.key.toLowerCase() === 'g') {
        event.preventDefault();
        setOn((previous) => {
          writeLocal(LOCAL_KEYS.godMode, previous ? '0' : '1');
          return !previous;
        });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return on;
}
