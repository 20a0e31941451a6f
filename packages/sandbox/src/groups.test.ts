import type { Update } from '@grammyjs/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SandboxRefusal } from './errors';
import type { Sandbox } from './sandbox';
import { startSandbox } from './start';
import type { SandboxBot, SandboxGroup, SandboxUser } from './telegram-side';
import { callApi } from './testing';

/** Groups as Telegram runs them: members and their updates, rights, restrictions, bans, topics. */

let sandbox: Sandbox;
let guard: SandboxBot;
let ada: SandboxUser;
let bob: SandboxUser;
let group: SandboxGroup;

beforeEach(async () => {
  sandbox = await startSandbox({ rateLimits: false });
  guard = sandbox.createBot({ username: 'guard_bot', name: 'Guard' });
  ada = sandbox.createUser({ first_name: 'Ada' });
  bob = sandbox.createUser({ first_name: 'Bob' });
  group = sandbox.createGroup({ title: 'Fans', owner: ada });
});

afterEach(async () => {
  await sandbox.stop();
});

const api = (method: string, params: Record<string, unknown> = {}) =>
  callApi(sandbox, guard.token, method, { chat_id: group.id, ...params });

/** The bot asks for member updates too (Telegram leaves chat_member out unless asked). */
async function allowMemberUpdates(): Promise<void> {
  await callApi(sandbox, guard.token, 'getUpdates', {
    allowed_updates: ['message', 'my_chat_member', 'chat_member', 'chat_join_request'],
  });
}

async function updates(): Promise<Update[]> {
  return (await callApi(sandbox, guard.token, 'getUpdates')).result as Update[];
}

describe('members', () => {
  it('tells a bot it was added as an administrator, with its rights', async () => {
    group.addBot(guard, {
      admin: true,
      rights: { can_restrict_members: true, can_delete_messages: false },
    });
    const [added] = await updates();
    expect(added?.my_chat_member).toMatchObject({
      chat: { id: group.id, type: 'supergroup', title: 'Fans' },
      from: { id: ada.id },
      old_chat_member: { status: 'left' },
      new_chat_member: {
        status: 'administrator',
        can_restrict_members: true,
        can_delete_messages: false,
      },
    });
    expect((await api('getChatMember', { user_id: guard.id })).result).toMatchObject({
      status: 'administrator',
      can_restrict_members: true,
    });
  });

  it('tells an administrator bot of a joining member: chat_member and the service message', async () => {
    await allowMemberUpdates();
    group.addBot(guard, { admin: true });
    group.join(bob);
    const all = await updates();
    expect(all.map((update) => Object.keys(update)[1])).toEqual([
      'my_chat_member',
      'message',
      'chat_member',
      'message',
    ]);
    expect(all.at(-2)?.chat_member).toMatchObject({
      old_chat_member: { status: 'left', user: { id: bob.id } },
      new_chat_member: { status: 'member', user: { id: bob.id } },
    });
    expect(all.at(-1)?.message?.new_chat_members).toEqual([bob.user]);
  });

  it('sends a join request to the bot, which approves it', async () => {
    group.addBot(guard, { admin: true });
    group.join(bob, { request: true });
    expect((await updates()).at(-1)?.chat_join_request).toMatchObject({
      chat: { id: group.id },
      from: { id: bob.id },
      user_chat_id: bob.id,
    });
    expect(group.member(bob).status).toBe('left');
    expect((await api('approveChatJoinRequest', { user_id: bob.id })).result).toBe(true);
    expect(group.member(bob).status).toBe('member');
    expect(await api('approveChatJoinRequest', { user_id: bob.id })).toMatchObject({
      description: 'Bad Request: HIDE_REQUESTER_MISSING',
    });
  });

  it('counts and lists the members and administrators', async () => {
    group.addBot(guard, { admin: true });
    group.join(bob);
    expect((await api('getChatMemberCount')).result).toBe(3);
    const admins = (await api('getChatAdministrators')).result as {
      status: string;
      user: { id: number };
    }[];
    expect(admins.map((admin) => [admin.status, admin.user.id])).toEqual([
      ['creator', ada.id],
      ['administrator', guard.id],
    ]);
  });
});

describe('rights', () => {
  it("refuses a restriction without can_restrict_members, in Telegram's words", async () => {
    group.addBot(guard, { admin: true, rights: { can_restrict_members: false } });
    group.join(bob);
    const restrict = () =>
      api('restrictChatMember', { user_id: bob.id, permissions: { can_send_messages: false } });
    expect(await restrict()).toMatchObject({
      status: 400,
      description: 'Bad Request: not enough rights to restrict/unrestrict chat member',
    });
    group.promote(guard, { can_restrict_members: true });
    expect((await restrict()).ok).toBe(true);
  });

  it('refuses to restrict or ban the owner or an administrator', async () => {
    group.addBot(guard, { admin: true });
    group.join(bob);
    group.promote(bob);
    expect(await api('banChatMember', { user_id: ada.id })).toMatchObject({
      description: "Bad Request: can't remove chat owner",
    });
    expect(await api('restrictChatMember', { user_id: bob.id, permissions: {} })).toMatchObject({
      description: 'Bad Request: user is an administrator of the chat',
    });
  });

  it('a restricted member cannot write; lifting the restriction lets them write again', async () => {
    group.addBot(guard, { admin: true });
    group.join(bob);
    const until = Math.floor(Date.now() / 1000) + 600;
    await api('restrictChatMember', {
      user_id: bob.id,
      permissions: { can_send_messages: false },
      until_date: until,
    });
    expect(group.member(bob)).toMatchObject({
      status: 'restricted',
      can_send_messages: false,
      until_date: until,
    });
    expect(() => bob.send(group, 'hi')).toThrow(SandboxRefusal);
    expect(() => bob.send(group, 'hi')).toThrow(/Bob may not send text in Fans/);

    const everything = Object.fromEntries(
      [
        'can_send_messages',
        'can_send_audios',
        'can_send_documents',
        'can_send_photos',
        'can_send_videos',
        'can_send_video_notes',
        'can_send_voice_notes',
        'can_send_polls',
        'can_send_other_messages',
        'can_add_web_page_previews',
        'can_invite_users',
      ].map((key) => [key, true]),
    );
    await api('restrictChatMember', {
      user_id: bob.id,
      permissions: everything,
      use_independent_chat_permissions: true,
    });
    expect(group.member(bob).status).toBe('member');
    expect(bob.send(group, 'hi').text).toBe('hi');
  });

  it('bans: the member leaves, may not write or join; unban lets them join again', async () => {
    group.addBot(guard, { admin: true });
    group.join(bob);
    const said = bob.send(group, 'spam');
    await api('banChatMember', { user_id: bob.id, revoke_messages: true });
    expect(group.member(bob)).toMatchObject({ status: 'kicked', until_date: 0 });
    expect(
      group.entries().find((entry) => entry.message.message_id === said.message_id)?.deleted,
    ).toBe(true);
    expect(group.entries().at(-1)?.message.left_chat_member).toMatchObject({ id: bob.id });
    expect(() => bob.send(group, 'again')).toThrow(/Bob is banned from Fans/);
    expect(() => group.join(bob)).toThrow(SandboxRefusal);

    await api('unbanChatMember', { user_id: bob.id, only_if_banned: true });
    expect(group.member(bob).status).toBe('left');
    group.join(bob);
    expect(group.member(bob).status).toBe('member');
  });

  it('sees every message as an administrator, only commands and replies with privacy mode as a member', async () => {
    group.addBot(guard);
    group.join(bob);
    bob.send(group, 'just chatting');
    bob.send(group, '/rules@guard_bot');
    bob.send(group, '/other@another_bot');
    const texts = (await updates()).map((update) => update.message?.text).filter(Boolean);
    expect(texts).toEqual(['/rules@guard_bot']);
  });
});

describe('forum topics', () => {
  beforeEach(() => {
    group = sandbox.createGroup({ title: 'Help', owner: ada, forum: true });
  });

  it('creates a topic whose id its messages carry', async () => {
    group.addBot(guard, { admin: true, rights: { can_manage_topics: true } });
    const created = await api('createForumTopic', { name: 'Ada · 42' });
    const topic = created.result as { message_thread_id: number; name: string };
    expect(topic).toMatchObject({ name: 'Ada · 42', icon_color: 0x6fb9f0 });
    const sent = await api('sendMessage', {
      message_thread_id: topic.message_thread_id,
      text: 'hello',
    });
    expect(sent.result).toMatchObject({
      message_thread_id: topic.message_thread_id,
      is_topic_message: true,
    });
    group.join(bob);
    expect(bob.send(group, 'hi', { topic: topic.message_thread_id })).toMatchObject({
      message_thread_id: topic.message_thread_id,
      is_topic_message: true,
    });
  });

  it('refuses to create a topic without can_manage_topics, and outside a forum', async () => {
    group.addBot(guard, { admin: true, rights: { can_manage_topics: false } });
    expect(await api('createForumTopic', { name: 'x' })).toMatchObject({
      description: 'Bad Request: not enough rights to create a topic',
    });
    const plain = sandbox.createGroup({ title: 'Plain', owner: ada });
    plain.addBot(guard, { admin: true });
    expect(await api('createForumTopic', { chat_id: plain.id, name: 'x' })).toMatchObject({
      description: 'Bad Request: the chat is not a forum',
    });
  });

  it('closes a topic to members, and deletes it with its messages', async () => {
    group.addBot(guard, { admin: true });
    group.join(bob);
    const { id } = group.createTopic('General chat');
    bob.send(group, 'before', { topic: id });
    await api('closeForumTopic', { message_thread_id: id });
    expect(() => bob.send(group, 'after', { topic: id })).toThrow(/closed/);
    expect(await api('closeForumTopic', { message_thread_id: id })).toMatchObject({
      description: 'Bad Request: TOPIC_NOT_MODIFIED',
    });
    await api('deleteForumTopic', { message_thread_id: id });
    expect(
      group
        .entries()
        .filter((entry) => entry.message.message_thread_id === id)
        .every((entry) => entry.deleted),
    ).toBe(true);
    expect(await api('sendMessage', { message_thread_id: id, text: 'x' })).toMatchObject({
      description: 'Bad Request: message thread not found',
    });
  });
});

describe('leaving', () => {
  it('a bot leaves: it hears of it, and may not write there any more', async () => {
    group.addBot(guard, { admin: true });
    expect((await api('leaveChat')).result).toBe(true);
    expect((await updates()).at(-1)?.my_chat_member?.new_chat_member.status).toBe('left');
    expect(await api('sendMessage', { text: 'x' })).toMatchObject({
      status: 403,
      description: 'Forbidden: bot is not a member of the supergroup chat',
    });
  });
});
