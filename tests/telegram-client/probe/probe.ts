// DEVELOPMENT ONLY: see index.html. `window.platform` is what the app's screens get from
// usePlatform(), built the same way as in the app's entry.
import { createTelegramPlatform, type Platform } from '@botdeck/platform';

declare global {
  interface Window {
    platform: Platform | null;
  }
}

window.platform = createTelegramPlatform();
const status = document.getElementById('status');
if (status) status.textContent = window.platform ? 'Platform ready' : 'Not inside Telegram';
