import type { EndpointName } from '@botdeck/server';

/**
 * Every control of every screen that sends a change, with the call it sends and the story that
 * drops its network (issue 17, "Hardening"; `network-faults.ts`). Read beside ROUTES by
 * `mutating-controls.test.ts`: a call of ROUTES that is neither here nor in {@link READ_CALLS}
 * fails it, and so does an entry whose story is missing or puts no fault line in front of its
 * call.
 */
interface MutatingControlEntry {
  /** The route the control is on. */
  screen: string;
  /** What the person taps, as they see it. */
  control: string;
  /** The call it sends, as ENDPOINTS names it. */
  call: EndpointName;
  /** The story (file under app/src/features, and export) that drops the call's network. */
  story: `${string}.network.stories.tsx#${string}`;
}

const lists = (
  kind: 'menu' | 'question' | 'command' | 'startPayload',
  create: string,
  remove: string,
) =>
  [
    {
      screen: `list of ${kind}`,
      control: 'Add › Create (name form)',
      call: `lists.${kind}.create`,
      story: `lists/lists.network.stories.tsx#${create}`,
    },
    {
      screen: `list of ${kind}`,
      control: 'Delete › Delete (confirmation)',
      call: `lists.${kind}.remove`,
      story: `lists/lists.network.stories.tsx#${remove}`,
    },
  ] as const satisfies readonly MutatingControlEntry[];

const messages = (
  path: 'menumsgs' | 'qamsgs' | 'cmdmsgs' | 'spmsgs' | 'startmsg',
  add: string,
  remove: string,
) =>
  [
    {
      screen: `messages (${path})`,
      control: 'Add message',
      call: `messages.${path}.add`,
      story: `messages/messages.network.stories.tsx#${add}`,
    },
    {
      screen: `messages (${path})`,
      control: 'Delete a message › Delete (confirmation)',
      call: `messages.${path}.remove`,
      story: `messages/messages.network.stories.tsx#${remove}`,
    },
  ] as const satisfies readonly MutatingControlEntry[];

export const MUTATING_CONTROLS: readonly MutatingControlEntry[] = [
  {
    screen: '/selectbot',
    control: 'Create bot › Add (token form)',
    call: 'addBot',
    story: 'select-bot/select-bot.network.stories.tsx#AddBot',
  },
  ...lists('menu', 'CreateMenu', 'DeleteMenu'),
  ...lists('question', 'CreateAndDeleteQuestion', 'CreateAndDeleteQuestion'),
  ...lists('command', 'CreateAndDeleteCommand', 'CreateAndDeleteCommand'),
  ...lists('startPayload', 'CreateAndDeleteStartPayload', 'CreateAndDeleteStartPayload'),
  ...messages('menumsgs', 'AddMenuMessage', 'DeleteMenuMessage'),
  ...messages('qamsgs', 'AddAndDeleteQuestionMessage', 'AddAndDeleteQuestionMessage'),
  ...messages('cmdmsgs', 'AddAndDeleteCommandMessage', 'AddAndDeleteCommandMessage'),
  ...messages('spmsgs', 'AddAndDeleteStartPayloadMessage', 'AddAndDeleteStartPayloadMessage'),
  ...messages('startmsg', 'AddAndDeleteStartMessage', 'AddAndDeleteStartMessage'),
  {
    screen: 'every messages page',
    control: 'Save (message editor)',
    call: 'uploadMessage',
    story: 'messages/messages.network.stories.tsx#SaveMessage',
  },
  {
    screen: '/captcha',
    control: 'Verify',
    call: 'captcha',
    story: 'captcha/captcha.network.stories.tsx#Verify',
  },
  {
    screen: '/captcha',
    control: 'Refresh',
    call: 'captchaGrid',
    story: 'captcha/captcha.network.stories.tsx#Refresh',
  },
  {
    screen: '/lang',
    control: 'Settings language (a choice)',
    call: 'language',
    story: 'language/language.network.stories.tsx#SettingsLanguage',
  },
  {
    screen: '/lang',
    control: 'Bot language (a choice)',
    call: 'language',
    story: 'language/language.network.stories.tsx#BotLanguage',
  },
  {
    // The action of a kind (Filter or Ban) is saved by the same call, through the same queue.
    screen: '/media',
    control: 'A kind of media on or off, its action',
    call: 'media',
    story: 'media/media.network.stories.tsx#TurnOnPhotos',
  },
  {
    screen: '/users',
    control: 'Make admin › Make admin (permissions)',
    call: 'promoteAdmin',
    story: 'users/users.network.stories.tsx#MakeAdmin',
  },
  {
    screen: '/users?tab=admins',
    control: 'Edit permissions › Save (permissions)',
    call: 'promoteAdmin',
    story: 'users/users.network.stories.tsx#EditAndRemoveAdmin',
  },
  {
    screen: '/users?tab=admins',
    control: 'Remove admin › Remove admin (confirmation)',
    call: 'userAction',
    story: 'users/users.network.stories.tsx#EditAndRemoveAdmin',
  },
  {
    screen: '/users',
    control: 'Ban › Ban (confirmation)',
    call: 'userAction',
    story: 'users/users.network.stories.tsx#BanAndUnban',
  },
  {
    screen: '/users?tab=banned',
    control: 'Unban › Unban (confirmation)',
    call: 'userAction',
    story: 'users/users.network.stories.tsx#BanAndUnban',
  },
  {
    screen: '/bot',
    control: 'Stop bot › Stop bot (typed confirmation)',
    call: 'botAction',
    story: 'bot/bot.network.stories.tsx#StopBot',
  },
  {
    screen: '/bot',
    control: 'Start bot',
    call: 'botAction',
    story: 'bot/bot.network.stories.tsx#StartBot',
  },
  {
    screen: '/bot',
    control: 'Delete bot › Delete bot (typed confirmation)',
    call: 'botAction',
    story: 'bot/bot.network.stories.tsx#DeleteBot',
  },
  {
    screen: '/bot',
    control: 'Drop pending updates, Notify new users (switches)',
    call: 'botAction',
    story: 'bot/bot.network.stories.tsx#Settings',
  },
  {
    screen: '/bot (crashed bot)',
    control: 'Enter a new token › Add (token form)',
    call: 'addBot',
    story: 'bot/bot.network.stories.tsx#NewTokenForACrashedBot',
  },
  {
    screen: '/advanced',
    control: "Save (Telegram's MainButton)",
    call: 'saveAdvanced',
    story: 'advanced/advanced.network.stories.tsx#SaveWithTheMainButton',
  },
  {
    screen: '/advanced',
    control: 'Join requirement › Add',
    call: 'addRequirement',
    story: 'advanced/advanced.network.stories.tsx#AddJoinRequirement',
  },
  {
    screen: '/advanced',
    control: 'Join requirement › Remove (confirmation)',
    call: 'removeRequirement',
    story: 'advanced/advanced.network.stories.tsx#RemoveJoinRequirement',
  },
  {
    screen: '/share',
    control: 'Get reward',
    call: 'referral',
    story: 'share/share.network.stories.tsx#GetReward',
  },
  {
    screen: '/shop',
    control: 'Buy (asks for the invoice)',
    call: 'invoice',
    story: 'shop/shop.network.stories.tsx#Buy',
  },
  {
    screen: '/shop (editor)',
    control: 'Delete › Delete (confirmation)',
    call: 'deleteShopItem',
    story: 'shop/shop.network.stories.tsx#Delete',
  },
  {
    screen: '/shop (editor)',
    control: 'Add item or Edit › Save (item form)',
    call: 'uploadShopItem',
    story: 'shop/shop.network.stories.tsx#SaveAnItem',
  },
  {
    screen: '/shop (editor)',
    control: 'Sales › Refund › Refund (confirmation)',
    call: 'refundSale',
    story: 'shop/shop.network.stories.tsx#Refund',
  },
  {
    screen: '/testdrive',
    control: 'START (and whatever the person does in the chat)',
    call: 'testDrive.act',
    story: 'test-drive/test-drive.network.stories.tsx#Start',
  },
];

/**
 * The calls of ROUTES that change nothing, so no control of theirs is exercised: each screen's
 * load, the users page's search and pages, the shop's sales (read when its sheet opens).
 * `upgrade` is the plans' load too: its Buy opens Telegram's invoice with a link that came with
 * the load, and sends no call of its own.
 * (`language`, `media` and `referral` load their screens as well, but also carry a change,
 * so they are in MUTATING_CONTROLS.)
 * The test drive's `start` is its screen's load (made once as it opens, and again by Try again or
 * Start again), `wait` reads what the bot did next, and `end` is sent as the person leaves, with
 * nothing typed or chosen to lose: all three touch a session of the drive only, never the bot's
 * data. What the person does in the chat is `act`, a control of its own.
 */
export const READ_CALLS: readonly string[] = [
  'bots',
  'dashboard',
  'lists.menu.read',
  'lists.question.read',
  'lists.command.read',
  'lists.startPayload.read',
  'messages.menumsgs.read',
  'messages.qamsgs.read',
  'messages.cmdmsgs.read',
  'messages.spmsgs.read',
  'messages.startmsg.read',
  'upgrade',
  'users',
  'findUsers',
  'viewMore',
  'botInfo',
  'advanced',
  'shop',
  'sales',
  'testDrive.start',
  'testDrive.wait',
  'testDrive.end',
];
