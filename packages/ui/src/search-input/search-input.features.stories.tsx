import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SearchInput } from './search-input';

const meta = {
  title: 'UI/SearchInput/Features',
  component: SearchInput,
  tags: ['visual'],
  args: { label: 'Search users', onValueChange: fn() },
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof SearchInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {
  args: { defaultValue: 'alice' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('searchbox', { name: 'Search users' })).toHaveValue('alice');
    await expect(canvas.getByRole('button', { name: 'Clear search' })).toBeVisible();
  },
};

export const EscapeClears: Story = {
  args: { defaultValue: 'alice' },
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole('searchbox', { name: 'Search users' });
    await userEvent.click(input);
    await userEvent.keyboard('{Escape}');
    await expect(input).toHaveValue('');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('');
  },
};

export const KeyboardClear: Story = {
  args: { defaultValue: 'bob' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('searchbox', { name: 'Search users' });
    await userEvent.click(input);
    // Tab reaches the clear button; Enter clears and focus returns to the query.
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Clear search' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(input).toHaveValue('');
    await expect(input).toHaveFocus();
  },
};

function ControlledSearch() {
  const [query, setQuery] = useState('');
  const names = ['Alice', 'Bob', 'Carol'].filter((name) =>
    name.toLowerCase().includes(query.toLowerCase()),
  );
  return (
    <div style={{ display: 'grid', gap: 8 }}>
      <SearchInput label="Search users" value={query} onValueChange={setQuery} />
      <ul aria-label="Results">
        {names.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
    </div>
  );
}

export const Controlled: Story = {
  render: () => <ControlledSearch />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search users' }), 'CA');
    await expect(canvas.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Carol']);
    await userEvent.click(canvas.getByRole('button', { name: 'Clear search' }));
    await expect(canvas.getAllByRole('listitem')).toHaveLength(3);
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'alice' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('searchbox', { name: 'Search users' })).toBeDisabled();
    await expect(canvas.queryByRole('button', { name: 'Clear search' })).toBeNull();
  },
};

export const Rtl: Story = {
  globals: { locale: 'ar' },
  args: { label: 'ابحث عن المستخدمين', clearLabel: 'مسح البحث', defaultValue: 'أحمد' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('searchbox', { name: 'ابحث عن المستخدمين' })).toHaveValue('أحمد');
    await expect(canvas.getByRole('button', { name: 'مسح البحث' })).toBeVisible();
  },
};

export const Dark: Story = { globals: { theme: 'dark' }, args: { defaultValue: 'alice' } };

export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 16 }}>
      <SearchInput {...args} label="Empty" />
      <SearchInput {...args} label="Filled" defaultValue="alice" />
      <SearchInput {...args} label="Disabled" disabled />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('searchbox')).toHaveLength(3);
  },
};
