import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import type { ColorScheme, InvoiceStatus } from '../platform';
import { PlatformProvider, useBackButton, useMainButton, useVerticalSwipesLock } from '../react';
import { EmulatorChrome } from './emulator-chrome';
import {
  type BiometricMode,
  createEmulatorPlatform,
  type EmulatorPlatform,
} from './emulator-platform';

/** A fixed token and user, so every run signs the same way (only auth_date moves, unseen). */
const DEV_BOT_TOKEN = '1234567890:AAH-botdeck-storybook-dev-token';
const DEV_USER = { id: 100000001, first_name: 'Dana', username: 'dana_dev', language_code: 'en' };
const INVOICE_URL = 'https://t.me/$botdeck-storybook-invoice';

type Scenario =
  | 'main-button'
  | 'main-button-progress'
  | 'back-button'
  | 'invoice'
  | 'biometric'
  | 'closed'
  | 'buttons'
  | 'swipes-lock';

interface StoryArgs {
  /** What the small demo app inside the emulator does on mount. */
  scenario: Scenario;
  /** The emulator's initial theme. */
  colorScheme: ColorScheme;
  /** The emulator's biometric behaviour. */
  biometric: BiometricMode;
}

/** A CloudStorage backend per story, so stories never share or leave data behind. */
function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

function MainButtonDemo({ progress }: { progress: boolean }) {
  const [presses, setPresses] = useState(0);
  useMainButton({
    text: 'Save changes',
    visible: true,
    progress,
    onClick: () => setPresses((count) => count + 1),
  });
  return <p>Main button pressed: {presses}</p>;
}

function BackButtonDemo() {
  const [presses, setPresses] = useState(0);
  useBackButton(() => setPresses((count) => count + 1));
  return <p>Back button pressed: {presses}</p>;
}

function InvoiceDemo({ platform }: { platform: EmulatorPlatform }) {
  const [result, setResult] = useState<InvoiceStatus | 'waiting' | 'error'>('waiting');
  useEffect(() => {
    // Opened once even if effects run twice (StrictMode): a second invoice would be refused.
    if (platform.store.getSnapshot().invoice) return;
    platform.openInvoice(INVOICE_URL).then(setResult, () => setResult('error'));
  }, [platform]);
  return <p>Invoice result: {result}</p>;
}

function BiometricDemo({ platform }: { platform: EmulatorPlatform }) {
  const [available, setAvailable] = useState<boolean | null>(null);
  const [result, setResult] = useState<'waiting' | 'confirmed' | 'failed'>('waiting');
  useEffect(() => {
    platform.biometric.init().then((state) => setAvailable(state.available));
    if (platform.store.getSnapshot().biometricPrompt) return;
    platform.biometric
      .authenticate('Confirm that you want to stop your bot.')
      .then((ok) => setResult(ok ? 'confirmed' : 'failed'));
  }, [platform]);
  return (
    <>
      <p>Biometrics available: {available === null ? '…' : available ? 'yes' : 'no'}</p>
      <p>Biometric result: {result}</p>
    </>
  );
}

/** A form that turns vertical swipes off while it holds unsaved edits. */
function UnsavedForm() {
  const [edited, setEdited] = useState(false);
  useVerticalSwipesLock(edited);
  return (
    <label>
      <input
        type="checkbox"
        checked={edited}
        onChange={(event) => setEdited(event.target.checked)}
      />{' '}
      Unsaved edits
    </label>
  );
}

function SwipesLockDemo() {
  const [formShown, setFormShown] = useState(true);
  return (
    <>
      {formShown ? <UnsavedForm /> : <p>The form is gone.</p>}
      <p>
        <button type="button" onClick={() => setFormShown(false)}>
          Leave the form
        </button>
      </p>
    </>
  );
}

function ClosedDemo({ platform }: { platform: EmulatorPlatform }) {
  useEffect(() => platform.close(), [platform]);
  return <p>The app is open.</p>;
}

function Demo({ scenario, platform }: { scenario: Scenario; platform: EmulatorPlatform }) {
  switch (scenario) {
    case 'main-button':
      return <MainButtonDemo progress={false} />;
    case 'main-button-progress':
      return <MainButtonDemo progress />;
    case 'back-button':
      return <BackButtonDemo />;
    case 'invoice':
      return <InvoiceDemo platform={platform} />;
    case 'biometric':
      return <BiometricDemo platform={platform} />;
    case 'closed':
      return <ClosedDemo platform={platform} />;
    case 'buttons':
      return (
        <>
          <BackButtonDemo />
          <MainButtonDemo progress={false} />
        </>
      );
    case 'swipes-lock':
      return <SwipesLockDemo />;
    default:
      return scenario satisfies never;
  }
}

/** The emulator around a tiny app that exercises one part of it and prints what happened. */
function EmulatorStory({ scenario, platform }: { scenario: Scenario; platform: EmulatorPlatform }) {
  return (
    <PlatformProvider platform={platform}>
      <EmulatorChrome platform={platform}>
        <main style={{ paddingBlock: '1rem', paddingInline: '1rem' }}>
          <h1 style={{ marginBlock: '0 0.5rem', fontSize: '1.5rem' }}>Botdeck</h1>
          <p>Signed in as {platform.user?.firstName}</p>
          <Demo scenario={scenario} platform={platform} />
        </main>
      </EmulatorChrome>
    </PlatformProvider>
  );
}

const meta = {
  title: 'Platform/Emulator',
  args: { scenario: 'main-button', colorScheme: 'light', biometric: 'available' },
  argTypes: {
    scenario: { control: false },
    colorScheme: { control: 'inline-radio', options: ['light', 'dark'] },
    biometric: { control: 'select', options: ['available', 'denied', 'unavailable'] },
  },
  parameters: { layout: 'fullscreen' },
  // Created before render, so the first frame (and any screenshot) is the finished emulator.
  loaders: [
    async ({ args }) => ({
      platform: await createEmulatorPlatform({
        botToken: DEV_BOT_TOKEN,
        user: DEV_USER,
        colorScheme: args.colorScheme,
        biometric: args.biometric,
        storage: memoryStorage(),
        openWindow: fn(),
      }),
    }),
  ],
  render: (args, { loaded }) => (
    <EmulatorStory scenario={args.scenario} platform={loaded.platform as EmulatorPlatform} />
  ),
} satisfies Meta<StoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The main button at the bottom, as Telegram draws it under the app. */
export const MainButtonVisible: Story = {
  tags: ['visual'],
  args: { scenario: 'main-button' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Save changes' }));
    await expect(canvas.getByText('Main button pressed: 1')).toBeInTheDocument();
  },
};

/** A call is running: spinner, busy, and taps are ignored. Not visual: the spinner moves. */
export const MainButtonInProgress: Story = {
  args: { scenario: 'main-button-progress' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Save changes' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    await expect(canvas.getByText('Main button pressed: 0')).toBeInTheDocument();
  },
};

/** The back button in the top bar. */
export const BackButtonVisible: Story = {
  tags: ['visual'],
  args: { scenario: 'back-button' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Back' }));
    await expect(canvas.getByText('Back button pressed: 1')).toBeInTheDocument();
  },
};

/** The invoice sheet waiting for the tester to pick how the payment ends. */
export const InvoiceSheetWaiting: Story = {
  tags: ['visual'],
  args: { scenario: 'invoice' },
  play: async () => {
    const sheet = screen.getByRole('dialog', { name: 'Pay with Telegram Stars' });
    await expect(sheet).toHaveAttribute('aria-modal', 'true');
    await expect(sheet).toHaveFocus();
    await expect(within(sheet).getByRole('link', { name: INVOICE_URL })).toBeInTheDocument();
  },
};

/** Picking "Paid" resolves the app's openInvoice promise with 'paid'. */
export const InvoiceSheet: Story = {
  tags: ['visual'],
  args: { scenario: 'invoice' },
  play: async ({ canvasElement }) => {
    const sheet = screen.getByRole('dialog', { name: 'Pay with Telegram Stars' });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Paid' }));
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByText('Invoice result: paid')).toBeInTheDocument());
    await expect(canvas.queryByRole('dialog')).not.toBeInTheDocument();
  },
};

/** The biometric prompt of an available device, waiting for the tester. */
export const BiometricPromptWaiting: Story = {
  tags: ['visual'],
  args: { scenario: 'biometric', biometric: 'available' },
  play: async () => {
    await expect(screen.getByRole('dialog', { name: 'Biometric check' })).toBeInTheDocument();
  },
};

/** Available biometrics: confirming the prompt authenticates. */
export const BiometricPrompt: Story = {
  tags: ['visual'],
  args: { scenario: 'biometric', biometric: 'available' },
  play: async ({ canvasElement }) => {
    const prompt = screen.getByRole('dialog', { name: 'Biometric check' });
    await userEvent.click(within(prompt).getByRole('button', { name: 'Confirm' }));
    const canvas = within(canvasElement);
    await waitFor(() =>
      expect(canvas.getByText('Biometric result: confirmed')).toBeInTheDocument(),
    );
  },
};

/** Access denied: authenticate fails at once and no prompt opens. */
export const BiometricDenied: Story = {
  tags: ['visual'],
  args: { scenario: 'biometric', biometric: 'denied' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByText('Biometric result: failed')).toBeInTheDocument());
    await expect(canvas.getByText('Biometrics available: yes')).toBeInTheDocument();
    await expect(canvas.queryByRole('dialog')).not.toBeInTheDocument();
  },
};

/** No biometrics on the device. */
export const BiometricUnavailable: Story = {
  tags: ['visual'],
  args: { scenario: 'biometric', biometric: 'unavailable' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByText('Biometric result: failed')).toBeInTheDocument());
    await expect(canvas.getByText('Biometrics available: no')).toBeInTheDocument();
  },
};

/** After close(): the full-screen closed state. */
export const ClosedWaiting: Story = {
  tags: ['visual'],
  args: { scenario: 'closed' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('The mini app was closed.')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Open again' })).toHaveFocus();
  },
};

/** "Open again" brings the app back. */
export const Closed: Story = {
  tags: ['visual'],
  args: { scenario: 'closed' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('The mini app was closed.')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Open again' }));
    await expect(canvas.getByRole('heading', { name: 'Botdeck' })).toBeVisible();
    await expect(canvas.queryByText('The mini app was closed.')).not.toBeInTheDocument();
  },
};

/** Telegram's dark palette with both buttons showing. */
export const Dark: Story = {
  tags: ['visual'],
  args: { scenario: 'buttons', colorScheme: 'dark' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Dark' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  },
};

/** The chrome, whose data attributes say what Telegram would do with a swipe. */
function chromeOf(canvasElement: HTMLElement): HTMLElement {
  const chrome = canvasElement.querySelector<HTMLElement>('[data-slot="emulator-chrome"]');
  if (!chrome) throw new Error('The emulator chrome is not on the page.');
  return chrome;
}

/** Vertical swipes are off exactly while the form holds unsaved edits. */
export const VerticalSwipesLock: Story = {
  args: { scenario: 'swipes-lock' },
  play: async ({ canvasElement }) => {
    const chrome = chromeOf(canvasElement);
    const edits = within(canvasElement).getByRole('checkbox', { name: 'Unsaved edits' });
    await expect(chrome).toHaveAttribute('data-vertical-swipes', 'on');
    await userEvent.click(edits);
    await expect(chrome).toHaveAttribute('data-vertical-swipes', 'off');
    await userEvent.click(edits);
    await expect(chrome).toHaveAttribute('data-vertical-swipes', 'on');
  },
};

/** Leaving a form with unsaved edits gives the swipes back. */
export const VerticalSwipesLockLeft: Story = {
  args: { scenario: 'swipes-lock' },
  play: async ({ canvasElement }) => {
    const chrome = chromeOf(canvasElement);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Unsaved edits' }));
    await expect(chrome).toHaveAttribute('data-vertical-swipes', 'off');
    await userEvent.click(canvas.getByRole('button', { name: 'Leave the form' }));
    await expect(canvas.getByText('The form is gone.')).toBeInTheDocument();
    await expect(chrome).toHaveAttribute('data-vertical-swipes', 'on');
  },
};
