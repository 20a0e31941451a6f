import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { Switch } from '../switch';
import { TextField } from '../text-field';
import { CollapsibleSection } from './collapsible-section';

const meta = {
  title: 'UI/CollapsibleSection/Features',
  component: CollapsibleSection,
  tags: ['visual'],
  args: {
    title: 'Block links',
    description: 'Delete messages with links, except allowed ones.',
    children: <TextField label="Allowed links" defaultValue="t.me/botdeck" />,
  },
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof CollapsibleSection>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {
  args: { defaultOpen: true },
  play: async ({ canvasElement }) => {
    const root = canvasElement.querySelector('[data-slot="collapsible-section"]')!;
    await expect(root).toHaveAttribute('data-state', 'open');
    await expect(
      within(canvasElement).getByRole('textbox', { name: 'Allowed links' }),
    ).toBeVisible();
  },
};

export const Closed: Story = {
  play: async ({ canvasElement }) => {
    const root = canvasElement.querySelector('[data-slot="collapsible-section"]')!;
    await expect(root).toHaveAttribute('data-state', 'closed');
  },
};

/** The title is a heading, so the advanced page's sections can be jumped between. */
export const Heading: Story = {
  args: { headingLevel: 3 },
  play: async ({ canvasElement }) => {
    const heading = within(canvasElement).getByRole('heading', { level: 3 });
    await expect(within(heading).getByRole('button')).toHaveAttribute('aria-expanded', 'false');
  },
};

function WithSwitch() {
  const [enabled, setEnabled] = useState(true);
  return (
    <CollapsibleSection
      title="Captcha"
      description="New members solve a picture captcha."
      trailing={
        <Switch label="Enable captcha" hideLabel checked={enabled} onCheckedChange={setEnabled} />
      }
    >
      <TextField label="Message text" defaultValue="Prove you are human" />
    </CollapsibleSection>
  );
}

/** A switch beside the header turns the feature on without opening the section. */
export const TrailingSwitch: Story = {
  render: () => <WithSwitch />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('switch', { name: 'Enable captcha' });
    await userEvent.click(toggle);
    await expect(toggle).not.toBeChecked();
    await expect(canvas.getByRole('button', { name: /Captcha/ })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  },
};

export const Rtl: Story = {
  globals: { locale: 'ar' },
  args: {
    title: 'حظر الروابط',
    description: 'حذف الرسائل التي تحتوي على روابط.',
    defaultOpen: true,
    children: <TextField label="الروابط المسموح بها" defaultValue="t.me/botdeck" />,
  },
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: /حظر الروابط/ });
    const chevron = trigger.querySelector('[data-icon="chevron-down"]')!;
    // The chevron sits at the inline end: the left in Arabic.
    await expect(chevron.getBoundingClientRect().left).toBeLessThan(
      trigger.getBoundingClientRect().left + 60,
    );
  },
};

export const Dark: Story = { globals: { theme: 'dark' }, args: { defaultOpen: true } };

export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 12 }}>
      <CollapsibleSection title="Closed">Hidden</CollapsibleSection>
      <CollapsibleSection title="Closed, with description" description="A second line.">
        Hidden
      </CollapsibleSection>
      <CollapsibleSection title="Open" defaultOpen>
        Content of an open section.
      </CollapsibleSection>
      <CollapsibleSection title="Disabled" disabled>
        Hidden
      </CollapsibleSection>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const sections = canvasElement.querySelectorAll('[data-slot="collapsible-section"]');
    await expect([...sections].map((s) => s.getAttribute('data-state'))).toEqual([
      'closed',
      'closed',
      'open',
      'closed',
    ]);
    await expect(within(canvasElement).getByRole('button', { name: 'Disabled' })).toBeDisabled();
  },
};
