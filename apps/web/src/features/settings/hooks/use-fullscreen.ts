import { useCallback, useEffect, useState } from 'react';

/** Whether the page is full screen, and a toggle; `toggle` rejects when the browser refuses. */
export function useFullscreen() {
  const [fullscreen, setFullscreen] = useState(() =>
    typeof document === 'undefined' ? false : Boolean(document.fullscreenElement),
  );

  useEffect(() => {
    const onChange = () => setFullscreen(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggle = useCallback(async () => {
    if (document.fullscreenElement) {
      await document.exitFullscreen();
    } else {
      if (!document.fullscreenEnabled || !document.documentElement.requestFullscreen) {
        throw new Error('Fullscreen is not available');
      }
      await document.documentElement.requestFullscreen();
    }
  }, []);

  return { fullscreen, toggle };
}
