import { useCallback } from 'react';
import { useLocation, useRouter } from 'wouter';
import { useBrowserLocation } from 'wouter/use-browser-location';

/**
 * Leaves a page that several screens link to (the documentation, the shop's terms): back to the
 * page the user came from when the app has one in its history, else to `fallback`.
 */
export function useGoBack(fallback: string): () => void {
  const router = useRouter();
  const [, navigate] = useLocation();
  return useCallback(() => {
    // Only the browser's location keeps a history; the in-memory one of stories has none to use.
    if (router.hook === useBrowserLocation && canGoBack()) window.history.back();
    else navigate(fallback);
  }, [router, navigate, fallback]);
}

/** The Navigation API knows whether the previous entry is this app's; older WebViews lack it. */
function canGoBack(): boolean {
  const { navigation } = window as { navigation?: { canGoBack?: boolean } };
  if (typeof navigation?.canGoBack === 'boolean') return navigation.canGoBack;
  return window.history.length > 1;
}
