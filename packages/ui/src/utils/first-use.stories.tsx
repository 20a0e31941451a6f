import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button';
import { partOnFirstUse, usePartOnFirstUse } from './first-use';

/** The part: what a lazily loaded dialog would be, reduced to a labelled region. */
interface PanelProps {
  open: boolean;
  onClose: () => void;
}

function Panel({ open, onClose }: PanelProps) {
  return (
    <section aria-label="Loaded part" hidden={!open}>
      <p>The part's code arrived.</p>
      <Button onClick={onClose}>Close</Button>
    </section>
  );
}

/**
 * A part whose fetches fail while the connection is down (`offline`), as a dynamic import does
 * then, and succeed once it is back; `fetches` counts the attempts.
 */
const flaky = { offline: true, fetches: 0 };
const flakyPanel = partOnFirstUse<PanelProps>(() => {
  flaky.fetches += 1;
  return flaky.offline
    ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
    : Promise.resolve(Panel);
});

/** A component that opens the part as the button grid editor opens its form. */
function Opener() {
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const Part = usePartOnFirstUse(flakyPanel, open, () => {
    setOpen(false);
    setFailed(true);
  });
  return (
    <div style={{ display: 'grid', gap: 12, padding: 16 }}>
      <Button
        onClick={() => {
          setFailed(false);
          setOpen(true);
        }}
      >
        Open
      </Button>
      {failed ? <p role="alert">An error occurred, try again</p> : null}
      {Part ? <Part open={open} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}

const meta = {
  title: 'UI/Utilities/Part on first use',
  component: Opener,
} satisfies Meta<typeof Opener>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The part's code fails to arrive: the opener says so and stays usable; the next tap fetches it
 * again and the part opens; once closed it stays mounted (hidden), so closing animations and
 * the return of focus can run.
 */
export const FailedFetchThenRetry: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Open' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'An error occurred, try again',
    );
    await expect(canvas.queryByRole('region', { name: 'Loaded part' })).toBeNull();

    flaky.offline = false;
    const fetchesBefore = flaky.fetches;
    await userEvent.click(canvas.getByRole('button', { name: 'Open' }));
    const part = await canvas.findByRole('region', { name: 'Loaded part' });
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(flaky.fetches).toBe(fetchesBefore + 1);

    await userEvent.click(within(part).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(canvasElement.querySelector('section')).not.toBeVisible());
    await expect(canvasElement.querySelector('section')).toBeInTheDocument();
  },
};
