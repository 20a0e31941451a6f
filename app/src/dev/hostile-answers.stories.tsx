import { ENDPOINTS, type Endpoint } from '@botdeck/api';
import {
  hasVisibleText,
  LIST_ITEMS,
  type ListItemKind,
  type MessageSetKind,
  messagesApiPath,
  messagesRoute,
} from '@botdeck/core';
import type { EmulatorPlatform } from '@botdeck/platform/emulator';
import type { DevData } from '@botdeck/server';
import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import fc from 'fast-check';
import { http } from 'msw';
import { type ReactNode, useLayoutEffect, useState } from 'react';
import { expect, waitFor } from 'storybook/test';
import { SWRConfig } from 'swr';
import { href, type RouteName } from '../shell/paths';
import { type AnswerKind, answerKinds, type HostileAnswer, responseOf } from './hostile-answers';
import { type ScreenStoryArgs, screenStories } from './screen-story';

/**
 * Every screen that loads data, fed hostile answers to its load call (hostile-answers.ts: fitting
 * ones at the schema's extremes, broken ones, `success: false` in every shape, transport
 * failures). One story per screen draws a few answers of each kind with fast-check and shows the
 * screen afresh for each (a new data cache, the real router and client, MSW in front of the
 * development backend, which answers every other call). For each answer the screen must settle
 * on its content (an answer that fits: a heading with something to read, no error) or on a clear
 * error with a way on (any other): an error dialog whose button leads on as SPEC section 8 says,
 * or Try again / Back on the screen. Never a lasting spinner, never a blank screen, never an
 * uncaught error. tests/unit/hostile-answers.test.ts puts 1,000 answers a call through the client
 * alone; here each answer costs a render, so each screen gets 9 (see PLAN), and the whole file
 * stays near a minute on a loaded 2-core machine. Each run draws anew; its seed is printed.
 */

/**
 * How many answers of each kind a screen gets: 9, each a render of its own. What differs for a
 * screen is what reaches it: data at its extremes, and the error the client makes of the rest.
 * Unknown fields never reach a screen (the client's schemas drop them) and every broken answer
 * becomes the same contract error, so those get none and one; `success: false` (msg, nav,
 * close) and transport failures (HTTP, session) two each.
 */
const PLAN: Record<AnswerKind, number> = {
  fits: 2,
  longTexts: 1,
  longLists: 1,
  unknownFields: 0,
  breaks: 1,
  failure: 2,
  transport: 2,
};
/**
 * The other lists and messages pages run the same screen code under another field name: one
 * answer of each kind that reaches the screen differently (4).
 */
const SAME_CODE_PLAN: Record<AnswerKind, number> = {
  fits: 1,
  longTexts: 0,
  longLists: 0,
  unknownFields: 0,
  breaks: 1,
  failure: 1,
  transport: 1,
};
/**
 * Long lists here hold 1,000 items, not the client test's 10,000: a screen draws every item, and
 * 10,000 took 8 to 17 s a screen on a loaded 2-core machine (the bot list 17 s, menus 14 s,
 * messages 8 s), which alone would be several times this layer's minute.
 */
const LONG_LIST = 1_000;
/** The longest a screen may take to settle on one answer: longer is a frozen screen. */
const SETTLE_MS = 10_000;
/** A new seed each run; `FUZZ_SEED=<n> npm run test:stories` replays one (it is printed). */
const SEED = Number(import.meta.env.FUZZ_SEED || Math.floor(Math.random() * 2 ** 31));

const { base, backendWith } = screenStories({ route: '/selectbot' });

/** The answer the next load call gets; every later call goes to the development backend. */
let pending: HostileAnswer | null = null;
/** Shows the screen at `route` afresh (a new key remounts router, providers and data cache). */
let showAgain: ((turn: number, route: string) => void) | null = null;

/** Answers the load call at `path` with the pending hostile answer, once. */
const hostile = (path: string) =>
  http.all(`*${path}`, () => {
    if (!pending) return undefined;
    const answer = pending;
    pending = null;
    return responseOf(answer);
  });

/** The story's screen, shown afresh at another route whenever the play function asks. */
function Afresh({ children }: { children: (route: string | null) => ReactNode }) {
  const [shown, setShown] = useState<{ turn: number; route: string | null }>({
    turn: 0,
    route: null,
  });
  useLayoutEffect(() => {
    showAgain = (turn, route) => setShown({ turn, route });
    return () => {
      showAgain = null;
    };
  }, []);
  return (
    <SWRConfig key={shown.turn} value={{ provider: () => new Map() }}>
      {children(shown.route)}
    </SWRConfig>
  );
}

const meta = {
  title: 'Screens/Hostile answers',
  ...base,
  // No picture, and axe would judge whichever answer came last: each screen's own stories
  // check the accessibility of its states.
  tags: ['!autodocs'],
  parameters: { ...base.parameters, a11y: { test: 'off' } },
  render: (args, context) => (
    <Afresh>{(route) => base.render(route ? { ...args, route } : args, context as never)}</Afresh>
  ),
} satisfies Meta<ScreenStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** What the screen shows at this moment, read from the DOM. */
function look(canvas: HTMLElement, platform: EmulatorPlatform) {
  const heading = canvas.querySelector('main h1');
  const buttons = [...canvas.querySelectorAll('main button')].map((b) => b.textContent?.trim());
  const dialog = document.querySelector<HTMLElement>('[role="alertdialog"]');
  return {
    /** The screen's loading state (a button's small spinner does not count). */
    loading: canvas.querySelector('[data-slot="spinner"][data-size="lg"]') !== null,
    heading: heading ? hasVisibleText(heading.textContent ?? '') : false,
    unavailable: [...canvas.querySelectorAll('[data-slot="empty-state-title"]')].some(
      (title) => title.textContent === 'An error occurred, try again',
    ),
    wayOn: buttons.includes('Try again') || buttons.includes('Back'),
    dialog: dialog?.textContent ?? null,
    dialogButton: dialog?.querySelector('button') ?? null,
    closed: platform.store.getSnapshot().closed,
    botList: canvas.querySelector('#select-bot-title') !== null,
  };
}

/** The answers one screen gets: so many of each kind, drawn from the run's seed and `salt`. */
function answersFor(
  call: Endpoint,
  plan: Record<AnswerKind, number>,
  salt: number,
): HostileAnswer[] {
  const kinds = answerKinds(call.response, { longList: LONG_LIST });
  return (Object.keys(plan) as AnswerKind[]).flatMap((kind, index) => {
    const arbitrary = kinds[kind];
    const runs = plan[kind];
    const seed = SEED + 100 * salt + index;
    return arbitrary && runs > 0 ? fc.sample(arbitrary, { numRuns: runs, seed }) : [];
  });
}

const describe = (answer: HostileAnswer) =>
  `${answer.label} (${answer.status}): ${(answer.body ?? '').slice(0, 300)}`;

/** Waits for the screen to settle on `answer` as its kind requires; returns how it did. */
async function judge(canvas: HTMLElement, platform: EmulatorPlatform, answer: HostileAnswer) {
  const options = { timeout: SETTLE_MS, interval: 25 };
  if (answer.expect === 'data') {
    await waitFor(() => {
      const now = look(canvas, platform);
      expect(pending, 'the load call was made').toBeNull();
      expect(now.loading, 'still loading').toBe(false);
      expect(now.dialog, 'an error dialog for an answer that fits').toBeNull();
      expect(now.unavailable, '"An error occurred" for an answer that fits').toBe(false);
      expect(now.heading, 'a heading with something to read').toBe(true);
    }, options);
    return 'content';
  }
  const first = await waitFor(() => {
    const now = look(canvas, platform);
    expect(pending, 'the load call was made').toBeNull();
    expect(now.loading, 'still loading').toBe(false);
    expect(now.dialogButton !== null || now.wayOn, 'an error dialog, or Try again / Back').toBe(
      true,
    );
    return now;
  }, options);
  if (!first.dialogButton) return 'Try again / Back';
  first.dialogButton.click();
  // After the dialog, the way on SPEC section 8 gives: a refused session and `close` close the
  // app, `nav` leads to the bot list, anything else leaves Try again / Back.
  const closes = answer.expect === 'session' || answer.failure?.close === true;
  const leaves = !closes && answer.failure?.nav === true;
  await waitFor(() => {
    const now = look(canvas, platform);
    expect(now.dialog, 'the dialog closed').toBeNull();
    if (closes) expect(now.closed, 'the app closed').toBe(true);
    else {
      expect(now.loading, 'still loading').toBe(false);
      if (leaves) expect(now.botList, 'the bot list').toBe(true);
      else expect(now.wayOn, 'Try again / Back').toBe(true);
    }
  }, options);
  return closes ? 'dialog, closed' : leaves ? 'dialog, bot list' : 'dialog, Try again / Back';
}

/** Bots the stories show the screens of, from this id on: a block of MAX_TURNS for each story. */
const FIRST_BOT = 1_000;
const MAX_TURNS = 20;
let storiesMade = 0;

/**
 * A story that feeds the screen at `routeOf(bot)` hostile answers to its load call `call`. Each
 * answer is shown for a bot of its own (a copy of the seed's bot 1, which the backend answers
 * other calls for), so no answer the app keeps for a bot (one started early for a screen that
 * never took it, see preloadQuery) can stand in for the next.
 */
function hostileStory(
  routeOf: (bot: number) => string,
  call: Endpoint,
  plan: Record<AnswerKind, number> = PLAN,
): Story {
  const story = storiesMade++;
  const firstBot = FIRST_BOT + MAX_TURNS * story;
  const route = routeOf(1);
  const copies = (data: DevData) => {
    const original = data.bots.find((bot) => bot.id === 1);
    if (!original) throw new Error('The seed has no bot 1');
    for (let id = firstBot; id < firstBot + MAX_TURNS; id += 1)
      data.bots.push({ ...structuredClone(original), id });
  };
  return {
    args: { route },
    parameters: { ...backendWith(copies, hostile(call.path)), a11y: { test: 'off' } },
    play: async ({ canvasElement, loaded }: StoryContext) => {
      const platform = loaded.platform as EmulatorPlatform;
      // Each story draws its own answers: the same seed would give every screen the same kinds.
      const answers = answersFor(call, plan, story).slice(0, MAX_TURNS);
      const uncaught: string[] = [];
      const onError = (event: ErrorEvent) => uncaught.push(String(event.error ?? event.message));
      const onRejection = (event: PromiseRejectionEvent) => uncaught.push(String(event.reason));
      // Counted rather than printed: contract errors, the shop's logged failure and such are
      // expected here, and what breaks a screen shows in the checks; two rows with one key
      // (a long list repeats its items) are counted and must be none.
      const logged = new Map<string, number>();
      const consoleError = console.error;
      const started = performance.now();
      const outcomes = new Map<string, number>();
      // The story's first render asked the backend; its answer must be in before the first
      // hostile one waits, or it could take that one.
      await waitFor(
        () => {
          const now = look(canvasElement, platform);
          expect(!now.loading && (now.heading || now.wayOn)).toBe(true);
        },
        { timeout: SETTLE_MS },
      );
      window.addEventListener('error', onError);
      window.addEventListener('unhandledrejection', onRejection);
      console.error = (...parts: unknown[]) => {
        const key = String(parts[0]).slice(0, 60);
        logged.set(key, (logged.get(key) ?? 0) + 1);
      };
      try {
        for (const [turn, answer] of answers.entries()) {
          if (!showAgain) throw new Error('The screen cannot be shown afresh');
          platform.reopen();
          pending = answer;
          showAgain(turn + 1, routeOf(firstBot + turn));
          const outcome = await judge(canvasElement, platform, answer).catch((error: Error) => {
            const { dialogButton: _, ...now } = look(canvasElement, platform);
            const text = canvasElement.querySelector('main')?.textContent?.slice(0, 200);
            throw new Error(
              `${route}, answer ${turn + 1} (seed ${SEED}): ${error.message.split('\n')[0]}\n` +
                `the screen: ${JSON.stringify(now)} ${JSON.stringify(text)}\n${describe(answer)}`,
            );
          });
          outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
          expect(uncaught, `uncaught errors after ${describe(answer)}`).toEqual([]);
        }
      } finally {
        console.error = consoleError;
        pending = null;
        window.removeEventListener('error', onError);
        window.removeEventListener('unhandledrejection', onRejection);
      }
      const logs = [...logged].map(([text, n]) => `${n}× ${JSON.stringify(text)}`).join(', ');
      console.info(
        `hostile answers (screen ${route}): ${answers.length} answers, ` +
          `${[...outcomes].map(([kind, n]) => `${kind} ${n}`).join(', ')}; ` +
          `uncaught errors ${uncaught.length}; console errors ${logs || 0}; ` +
          `${((performance.now() - started) / 1000).toFixed(1)} s (seed ${SEED})`,
      );
      // A list that repeats an id or a name still draws a row for each (shell/unique-keys.ts).
      const sameKey = [...logged]
        .filter(([text]) => text.startsWith('Encountered two children with the same key'))
        .reduce((sum, [, count]) => sum + count, 0);
      expect(sameKey, `${route}: React warnings of two rows with one key`).toBe(0);
    },
  };
}

const at =
  (route: RouteName, search: Record<string, number> = {}) =>
  (bot: number) =>
    href(route, { bot, ...search } as never);
const listAt = (kind: ListItemKind) => at(LIST_ITEMS[kind].route as RouteName);
const messagesAt = (kind: MessageSetKind) =>
  at(messagesRoute(kind) as RouteName, kind === 'startMessage' ? {} : { ind: 0 });
const messagesCall = (kind: MessageSetKind) => ENDPOINTS.messages[messagesApiPath(kind)].read;

export const SelectBot = hostileStory(() => '/selectbot', ENDPOINTS.bots);
export const Dashboard = hostileStory(at('dashboard'), ENDPOINTS.dashboard);
export const Menus = hostileStory(listAt('menu'), ENDPOINTS.lists.menu.read);
export const Questions = hostileStory(
  listAt('question'),
  ENDPOINTS.lists.question.read,
  SAME_CODE_PLAN,
);
export const Commands = hostileStory(
  listAt('command'),
  ENDPOINTS.lists.command.read,
  SAME_CODE_PLAN,
);
export const StartPayloads = hostileStory(
  listAt('startPayload'),
  ENDPOINTS.lists.startPayload.read,
  SAME_CODE_PLAN,
);
export const MenuMessages = hostileStory(messagesAt('menu'), messagesCall('menu'));
export const QuestionMessages = hostileStory(
  messagesAt('question'),
  messagesCall('question'),
  SAME_CODE_PLAN,
);
export const CommandMessages = hostileStory(
  messagesAt('command'),
  messagesCall('command'),
  SAME_CODE_PLAN,
);
export const StartPayloadMessages = hostileStory(
  messagesAt('startPayload'),
  messagesCall('startPayload'),
  SAME_CODE_PLAN,
);
export const StartMessage = hostileStory(
  messagesAt('startMessage'),
  messagesCall('startMessage'),
  SAME_CODE_PLAN,
);
export const Upgrade = hostileStory(at('upgrade'), ENDPOINTS.upgrade);
export const Share = hostileStory(at('share'), ENDPOINTS.referral);
export const Language = hostileStory(at('lang'), ENDPOINTS.language);
export const Media = hostileStory(at('media'), ENDPOINTS.media);
export const Users = hostileStory(at('users'), ENDPOINTS.users);
export const BotSettings = hostileStory(at('bot'), ENDPOINTS.botInfo);
export const Advanced = hostileStory(at('advanced'), ENDPOINTS.advanced);
export const Shop = hostileStory(at('shop'), ENDPOINTS.shop);
