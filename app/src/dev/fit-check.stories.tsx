import { ArrowBackIcon } from '@botdeck/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { fitProblems } from './fit-check';

/**
 * The picture tests' fit check (fit-check.ts) on boxes made to fail it, one per rule, beside the
 * same boxes made right: each rule must find its problem, and only that one.
 */
const meta = {
  title: 'Dev/Fit check',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const box = { inlineSize: '120px', border: '1px solid' } as const;

/** Runs the check over the story's canvas only. */
const problemsIn = (canvas: HTMLElement) => fitProblems(canvas);

export const Clipped: Story = {
  render: () => (
    <div>
      <div style={{ ...box, overflow: 'hidden', whiteSpace: 'nowrap' }}>
        Text that is far too long
      </div>
      <div style={{ ...box, overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' }}>
        Cut with an ellipsis here
      </div>
      <div data-truncates="" style={{ ...box, overflow: 'hidden', whiteSpace: 'nowrap' }}>
        A name cut on purpose, long
      </div>
      <div style={{ ...box, overflow: 'hidden' }}>Wraps and fits</div>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const problems = problemsIn(canvasElement);
    await expect(problems).toEqual([
      expect.stringMatching(/^clipped: "Text that is far too long"/),
      expect.stringMatching(/^clipped: "Cut with an ellipsis here"/),
    ]);
  },
};

export const OffScreen: Story = {
  render: () => (
    <div>
      <p style={{ whiteSpace: 'nowrap' }}>{'A line that runs on past the right side '.repeat(3)}</p>
      {/* A scrolling box is reached by keyboard too (axe), like the plan table's. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard. */}
      <section style={{ overflowX: 'auto' }} aria-label="Sideways" tabIndex={0}>
        <p style={{ whiteSpace: 'nowrap' }}>
          {'A line that scrolls sideways on purpose '.repeat(3)}
        </p>
      </section>
      <p>A line that wraps as it should, however long it gets on a phone.</p>
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(problemsIn(canvasElement)).toEqual([
      expect.stringMatching(/^off screen: "A line that runs on past/),
    ]);
  },
};

export const Spills: Story = {
  render: () => (
    <div>
      <div style={{ display: 'flex', inlineSize: '160px' }}>
        <span style={{ flex: '1 1 0', minInlineSize: 0, whiteSpace: 'nowrap' }}>Thumbs up</span>
        <span style={{ flex: '1 1 0', minInlineSize: 0 }}>Heart</span>
      </div>
      <div style={{ display: 'flex', inlineSize: '160px' }}>
        <span style={{ flex: '1 1 0', minInlineSize: 0 }}>Thumbs up</span>
        <span style={{ flex: '1 1 0', minInlineSize: 0 }}>Heart</span>
      </div>
      {/* A box laid over a corner may stick out of what it sits on. */}
      <div style={{ position: 'relative', inlineSize: '40px', blockSize: '40px' }}>
        <span style={{ position: 'absolute', insetInlineStart: '30px', whiteSpace: 'nowrap' }}>
          New badge
        </span>
      </div>
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(problemsIn(canvasElement)).toEqual([
      expect.stringMatching(/^spills: "Thumbs up" runs out of its box <span>/),
    ]);
  },
};

export const ScrollsSideways: Story = {
  render: () => (
    <div>
      <p>The row below has no text, yet drags the whole screen sideways.</p>
      <div data-testid="wide-row" style={{ inlineSize: '400px', blockSize: '8px' }} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(problemsIn(canvasElement)).toEqual([
      expect.stringMatching(
        /^scrolls sideways: the page is 400 px wide on a 360 px screen, <div wide-row> reaches/,
      ),
    ]);
  },
};

export const BrokenWord: Story = {
  render: () => (
    <div>
      <p style={{ inlineSize: '60px', overflowWrap: 'anywhere' }}>4 пользователя</p>
      <p style={{ inlineSize: '60px', overflowWrap: 'anywhere' }}>@a_long_username_here</p>
      <p style={{ inlineSize: '120px' }}>Words that wrap whole</p>
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(problemsIn(canvasElement)).toEqual([
      expect.stringMatching(/^broken word: "пользователя"/),
    ]);
  },
};

export const NotMirrored: Story = {
  globals: { locale: 'ar' },
  render: () => (
    <div>
      <p style={{ textAlign: 'left' }}>نص محاذى إلى اليسار</p>
      <p style={{ direction: 'ltr' }}>نص من اليسار إلى اليمين</p>
      <p>نص في مكانه الصحيح</p>
      <ArrowBackIcon style={{ transform: 'none' }} />
      <ArrowBackIcon />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(document.documentElement.dir).toBe('rtl');
    await expect(problemsIn(canvasElement)).toEqual([
      expect.stringMatching(/^not mirrored: "نص محاذى إلى اليسار" is aligned left/),
      expect.stringMatching(/^not mirrored: "نص من اليسار إلى اليمين" is laid out left to right/),
      expect.stringMatching(/^not mirrored: the "arrow-back" icon/),
    ]);
  },
};
