// DEVELOPMENT ONLY. The client's side of Telegram's postEvent protocol, as Telegram Web plays it
// for a Mini App in a cross-site iframe (https://core.telegram.org/api/web-events, "postMessage
// API"): the app posts `{eventType, eventData}` as JSON to this page, and
// this page answers with `{eventType, eventData}` posted into the frame.
//
// It answers only what a client of the launch's Bot API version knows (the launch lists those
// events); anything newer is recorded and ignored, as an older client ignores it. Everything
// posted is kept on `window.telegramClient.log`, so tests can check it against Telegram's
// documentation, and `window.telegramClient` lets tests press the buttons a person would.

const launch = JSON.parse(document.getElementById('launch').textContent);
const frame = document.getElementById('app');
const appOrigin = new URL(launch.src).origin;
const known = new Set(launch.knownEvents);

const state = {
  colorScheme: launch.colorScheme,
  mainButton: { is_visible: false },
  backButton: { is_visible: false },
  closingConfirmation: false,
  /** Whether a swipe down on the page may close the app: on at every launch. */
  verticalSwipes: true,
  closed: false,
  readyAt: null,
  /** Invoices opened and not yet closed, by slug. */
  invoices: [],
  links: [],
  /** CloudStorage: Telegram keeps it on its servers, per user and bot. */
  cloud: {},
  biometry: {
    available: launch.biometry.available,
    type: 'finger',
    access_requested: false,
    access_granted: false,
    token: '',
    device_id: 'telegram-client-stand-in',
  },
};
const log = [];

function send(eventType, eventData) {
  frame.contentWindow?.postMessage(JSON.stringify({ eventType, eventData }), appOrigin);
}

const themeParams = () => launch.themes[state.colorScheme];
const viewport = () => ({
  height: frame.clientHeight,
  width: frame.clientWidth,
  is_expanded: true,
  is_state_stable: true,
});
const NO_INSETS = { top: 0, bottom: 0, left: 0, right: 0 };

function biometryInfo() {
  const { available, type, access_requested, access_granted, token, device_id } = state.biometry;
  return available
    ? { available, type, access_requested, access_granted, token_saved: token !== '', device_id }
    : { available: false };
}

/** CloudStorage's custom methods, as bots.invokeWebViewCustomMethod answers them. */
function cloudStorage(method, params) {
  switch (method) {
    case 'saveStorageValue':
      state.cloud[params.key] = params.value;
      return { result: true };
    case 'getStorageValues':
      return {
        result: Object.fromEntries(params.keys.map((key) => [key, state.cloud[key] ?? ''])),
      };
    case 'deleteStorageValues':
      for (const key of params.keys) delete state.cloud[key];
      return { result: true };
    case 'getStorageKeys':
      return { result: Object.keys(state.cloud) };
    default:
      return { error: 'METHOD_NOT_FOUND' };
  }
}

/** What the client does with each event it knows. */
const ANSWERS = {
  web_app_request_theme: () => send('theme_changed', { theme_params: themeParams() }),
  web_app_request_viewport: () => send('viewport_changed', viewport()),
  web_app_request_safe_area: () => send('safe_area_changed', NO_INSETS),
  web_app_request_content_safe_area: () => send('content_safe_area_changed', NO_INSETS),
  web_app_ready: () => {
    state.readyAt ??= Date.now();
  },
  web_app_setup_main_button: (data) => {
    state.mainButton = data;
  },
  web_app_setup_back_button: (data) => {
    state.backButton = data;
  },
  web_app_setup_closing_behavior: (data) => {
    state.closingConfirmation = data.need_confirmation;
  },
  web_app_setup_swipe_behavior: (data) => {
    state.verticalSwipes = data.allow_vertical_swipe;
  },
  web_app_close: () => {
    state.closed = true;
  },
  web_app_open_link: (data) => state.links.push(data.url),
  web_app_open_tg_link: (data) => state.links.push(`https://t.me${data.path_full}`),
  web_app_open_invoice: (data) => state.invoices.push(data.slug),
  web_app_invoke_custom_method: (data) =>
    send('custom_method_invoked', {
      req_id: data.req_id,
      ...cloudStorage(data.method, data.params),
    }),
  web_app_biometry_get_info: () => send('biometry_info_received', biometryInfo()),
  web_app_biometry_request_access: () => {
    if (state.biometry.available && !state.biometry.access_requested) {
      state.biometry.access_requested = true;
      state.biometry.access_granted = launch.biometry.allow;
    }
    send('biometry_info_received', biometryInfo());
  },
  web_app_biometry_request_auth: () => {
    const { available, access_granted, token } = state.biometry;
    send(
      'biometry_auth_requested',
      available && access_granted ? { status: 'authorized', token } : { status: 'failed' },
    );
  },
};

window.addEventListener('message', (event) => {
  if (event.source !== frame.contentWindow) return;
  let message;
  try {
    message = JSON.parse(event.data);
  } catch {
    return;
  }
  if (!message || typeof message.eventType !== 'string') return;
  const { eventType, eventData } = message;
  log.push({ type: eventType, data: eventData, at: Date.now() });
  if (known.has(eventType)) ANSWERS[eventType]?.(eventData);
  render();
});

// The chrome a person sees around the Mini App, following what the app asked for.
const backButton = document.getElementById('back');
const mainBar = document.getElementById('main-bar');
const mainButton = document.getElementById('main');
const logList = document.getElementById('log');

function render() {
  const theme = themeParams();
  document.body.style.background = theme.secondary_bg_color ?? theme.bg_color;
  document.body.style.color = theme.text_color;
  backButton.hidden = !state.backButton.is_visible;
  const main = state.mainButton;
  mainBar.hidden = !main.is_visible || !main.text?.trim();
  mainButton.textContent = main.is_progress_visible ? `${main.text} …` : (main.text ?? '');
  mainButton.disabled = main.is_active === false;
  mainButton.style.background = main.color ?? theme.button_color;
  mainButton.style.color = main.text_color ?? theme.button_text_color;
  frame.hidden = state.closed;
  document.getElementById('closed').hidden = !state.closed;
  logList.replaceChildren(
    ...log.map((entry) => {
      const item = document.createElement('li');
      item.textContent = `${entry.type} ${entry.data === undefined ? '' : JSON.stringify(entry.data)}`;
      return item;
    }),
  );
}

function setColorScheme(scheme) {
  state.colorScheme = scheme;
  send('theme_changed', { theme_params: themeParams() });
  render();
}

backButton.addEventListener('click', () => send('back_button_pressed'));
mainButton.addEventListener('click', () => send('main_button_pressed'));
document
  .getElementById('scheme')
  .addEventListener('click', () => setColorScheme(state.colorScheme === 'dark' ? 'light' : 'dark'));
document.getElementById('client').textContent =
  `Bot API ${launch.version} on ${launch.platform}, ${launch.colorScheme} theme`;

window.telegramClient = {
  launch,
  log,
  state,
  send,
  pressBackButton: () => send('back_button_pressed'),
  pressMainButton: () => send('main_button_pressed'),
  setColorScheme,
  closeInvoice(status) {
    const slug = state.invoices.shift();
    if (slug) send('invoice_closed', { slug, status });
  },
};

render();
frame.src = launch.src;
