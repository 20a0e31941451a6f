import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import {
  carries,
  exerciseControl,
  type FaultLine,
  faultLine,
  type MutatingControl,
  tapRapidly,
} from '../../dev/network-faults';
import { type ScreenStoryArgs, screenStories } from '../../dev/screen-story';

// Dropped networks on /users (issue 17): promoting a user, editing an admin's permissions,
// removing an admin, banning and unbanning each meet no network, a hung call, a 500 and a
// malformed answer, then succeed. A failed change leaves the person where they were, and the
// permissions ticked are there again when the dialog reopens; a double tap sends one request,
// and an answer that arrives after the person left never hides a newer change.

// Bot 2 of the seed, Pixel Store: the demo user owns it; 35 users, 3 admins, 4 banned.
const ROUTE = '/users?bot=2';
const { base, backend, goTo } = screenStories({ route: ROUTE });

const meta = {
  title: 'Screens/Users/Network',
  ...base,
  tags: ['!visual'],
  // Axe checks these screens in their own stories; here it would only slow every stress run.
  parameters: { ...base.parameters, a11y: { test: 'off' } },
} satisfies Meta<ScreenStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The names in the list of the tab shown (by selector: this runs in every wait). */
const names = () =>
  [
    ...document.querySelectorAll(
      '[role="tabpanel"][data-state="active"] [data-slot="list-item-name"]',
    ),
  ].map((name) => name.textContent ?? '');
const shown = (name: string) => names().includes(name);
const busy = () =>
  waitFor(() => expect(document.querySelector('section[aria-busy="true"]')).not.toBeNull());

/** Opens the tab's list, once loaded. */
async function openTab(tab: 'Users' | 'Admins' | 'Banned') {
  const trigger = await screen.findByRole('tab', { name: tab }, { timeout: 5000 });
  if (trigger.getAttribute('aria-selected') !== 'true') await userEvent.click(trigger);
  await waitFor(() => expect(names().length).toBeGreaterThan(0));
}

/** Chooses `item` in the action menu of `name`, in the tab shown. */
async function act(name: string, item: string) {
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  const panel = within(screen.getByRole('tabpanel'));
  await userEvent.click(await panel.findByRole('button', { name: `Actions for ${name}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: item }));
}
const dialogButton = (title: string, name: string) => {
  const dialog = screen.queryByRole('dialog', { name: title });
  return dialog ? within(dialog).getByRole('button', { name }) : null;
};

/** Ticks the permissions named (by the start of their labels) in the open dialog. */
async function tick(title: string, permissions: RegExp[]) {
  const dialog = within(await screen.findByRole('dialog', { name: title }, { timeout: 3000 }));
  for (const permission of permissions) {
    await userEvent.click(dialog.getByRole('checkbox', { name: permission }));
  }
}
const ticked = (title: string, permissions: RegExp[]) => {
  const dialog = screen.queryByRole('dialog', { name: title });
  if (!dialog) return false;
  const boxes = within(dialog).getAllByRole('checkbox') as HTMLInputElement[];
  const on = boxes.filter((box) => box.getAttribute('aria-checked') === 'true' || box.checked);
  return (
    on.length === permissions.length &&
    permissions.every((permission) =>
      on.some((box) =>
        permission.test(box.getAttribute('aria-label') ?? box.labels?.[0]?.textContent ?? ''),
      ),
    )
  );
};

const CHOSEN = [/^Manage messages/, /^Ban users/];

/** Promoting a user: the permissions ticked are there again when the dialog reopens. */
function promote(line: FaultLine, leave: () => Promise<void>): MutatingControl {
  const title = (name: string) => `Make ${name} an admin`;
  const reopen = async () => {
    if (screen.queryByRole('dialog', { name: title('Elif Evans') })) return;
    await act('Elif Evans', 'Make admin');
    await screen.findByRole('dialog', { name: title('Elif Evans') }, { timeout: 3000 });
  };
  return {
    name: 'Users › make admin',
    line,
    start: async () => {
      await openTab('Users');
      await act('Elif Evans', 'Make admin');
      await tick(title('Elif Evans'), CHOSEN);
    },
    again: reopen,
    control: () => dialogButton(title('Elif Evans'), 'Make admin'),
    busy,
    kept: async () => {
      if (!shown('Elif Evans')) return false;
      await reopen();
      return ticked(title('Elif Evans'), CHOSEN);
    },
    done: () =>
      waitFor(() => expect(screen.getByText('Elif Evans is now an admin.')).toBeVisible()),
    afterLeaving: {
      leave: async () => {
        const [, , second] = names();
        await act(second as string, 'Make admin');
        await tick(title(second as string), [/^Manage messages/]);
        await tapRapidly(() => dialogButton(title(second as string), 'Make admin'), 1, 0);
        await line.held();
        await leave();
      },
      back: async () => {
        goTo(ROUTE);
        await openTab('Users');
      },
      newer: async () => {
        const [first] = names();
        await act(first as string, 'Make admin');
        await tick(title(first as string), [/^Ban users/]);
        await tapRapidly(() => dialogButton(title(first as string), 'Make admin'), 1, 0);
        await waitFor(() => expect(screen.getByText(`${first} is now an admin.`)).toBeVisible());
        newest = first as string;
      },
      after: async () => {
        await expect(shown(newest), 'the newest admin stays off the users list').toBe(false);
      },
    },
  };
}
let newest = '';

/** A change confirmed in a dialog (ban, unban, remove admin): a failure leaves the person listed. */
function confirmed(
  line: FaultLine,
  {
    tab,
    name,
    item,
    title,
    confirm,
    done,
  }: {
    tab: 'Users' | 'Admins' | 'Banned';
    name: string;
    item: string;
    title: string;
    confirm: string;
    done: string;
  },
): MutatingControl {
  const ask = () => act(name, item).then(() => screen.findByRole('dialog', { name: title }));
  return {
    name: `Users › ${item.toLowerCase()}`,
    line,
    start: async () => {
      await openTab(tab);
      await ask();
    },
    again: async () => {
      await ask();
    },
    control: () => dialogButton(title, confirm),
    busy,
    kept: () => shown(name),
    done: async () => {
      await waitFor(() => expect(screen.getByText(done)).toBeVisible());
      await expect(shown(name)).toBe(false);
    },
  };
}

const promoteLine = faultLine('promoteAdmin', carries('promote'));
const editLine = faultLine('promoteAdmin', carries('edit'));
const banLine = faultLine('userAction', carries('ban'));
const unbanLine = faultLine('userAction', carries('unban'));
const removeLine = faultLine('userAction', carries('demote'));

export const MakeAdmin: Story = {
  parameters: promoteLine.around(backend()),
  beforeEach: () => promoteLine.reset(),
  play: ({ loaded: { platform } }) =>
    exerciseControl(
      promote(promoteLine, async () => {
        platform.clickBackButton();
        await screen.findByRole('heading', { level: 1, name: 'Pixel Store' });
      }),
    ),
};

export const BanAndUnban: Story = {
  parameters: banLine.around(unbanLine.around(backend())),
  beforeEach: () => {
    banLine.reset();
    unbanLine.reset();
  },
  play: async () => {
    await exerciseControl(
      confirmed(banLine, {
        tab: 'Users',
        name: 'Elif Evans',
        item: 'Ban',
        title: 'Ban Elif Evans?',
        confirm: 'Ban',
        done: 'Elif Evans is banned.',
      }),
    );
    await exerciseControl(
      confirmed(unbanLine, {
        tab: 'Banned',
        name: 'Elif Evans',
        item: 'Unban',
        title: 'Unban Elif Evans?',
        confirm: 'Unban',
        done: 'Elif Evans is no longer banned.',
      }),
    );
  },
};

export const EditAndRemoveAdmin: Story = {
  args: { route: `${ROUTE}&tab=admins` },
  parameters: editLine.around(removeLine.around(backend())),
  beforeEach: () => {
    editLine.reset();
    removeLine.reset();
  },
  play: async () => {
    // Quinn Evans holds manage_msg, adv_and_media and stop_bot; Ban users is added.
    const title = 'Permissions of Quinn Evans';
    const held = [/^Manage messages/, /Manage advanced settings/, /Stop the bot/, /^Ban users/];
    const reopen = async () => {
      if (screen.queryByRole('dialog', { name: title })) return;
      await act('Quinn Evans', 'Edit permissions');
      await screen.findByRole('dialog', { name: title }, { timeout: 3000 });
    };
    await exerciseControl({
      name: 'Users › edit permissions',
      line: editLine,
      start: async () => {
        await openTab('Admins');
        await act('Quinn Evans', 'Edit permissions');
        await tick(title, [/^Ban users/]);
      },
      again: reopen,
      control: () => dialogButton(title, 'Save'),
      busy,
      kept: async () => {
        await reopen();
        return ticked(title, held);
      },
      done: () =>
        waitFor(() => expect(screen.getByText('Permissions of Quinn Evans saved.')).toBeVisible()),
    });
    await exerciseControl(
      confirmed(removeLine, {
        tab: 'Admins',
        name: 'Quinn Evans',
        item: 'Remove admin',
        title: 'Remove Quinn Evans as admin?',
        confirm: 'Remove admin',
        done: 'Quinn Evans is no longer an admin.',
      }),
    );
  },
};
