import { useLayoutEffect } from 'react';
import { FIRST_FRAME_ID } from '../boot/first-frame-config';

/**
 * Takes away index.html's first frame (boot/first-frame.ts) in the commit that first shows the
 * screen: it sits inside the screens' Suspense boundary, so it mounts with the screen, not with
 * the shell's fallback, and the page goes from the first frame to the screen with nothing in
 * between. Outside a built page (stories, development) there is no first frame to remove.
 */
export function FirstFrameDone() {
  useLayoutEffect(() => {
    document.getElementById(FIRST_FRAME_ID)?.remove();
  }, []);
  return null;
}
