import type { Person } from '@botdeck/api';
import { LIST_ITEM_KINDS, type ListItemKind, type MessageSetKind } from '@botdeck/core';
import type { DevBot, DevData, DevListItem, DevPerson, DevShopItem } from '../data';
import { createSeed } from '../seed';
import type {
  BotRecord,
  ListItemRecord,
  MemberList,
  PlanPeriod,
  PlanRefundRecord,
  PlanSold,
  SaleRecord,
  ShopItemRecord,
  Store,
  StoredUpload,
  StoreTx,
  UploadStorage,
} from './types';
import { newUploadName, typeFromName } from './upload-names';

/**
 * The store in memory: for the browser (MSW in Storybook), unit tests and the handlers' tests.
 * It keeps one DevData document. A write works on a copy and keeps it only if it returns, so a
 * write that throws changes nothing, as a rolled-back transaction; writes run one after another,
 * as writes to one bot do on the database. A read sees the document of the moment it began (a
 * write replaces the document, never changes it), so reads need no copy.
 */

/** Deep copy through JSON: the data is JSON by design, and this keeps stores from sharing objects. */
export function cloneData(data: DevData): DevData {
  return JSON.parse(JSON.stringify(data)) as DevData;
}

/** A copy the caller may change without changing the store. */
function copy<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** A member never recorded as a person still needs a row; Telegram always has a first name. */
function personOrPlaceholder(people: ReadonlyMap<number, DevPerson>, id: number): Person {
  const person = people.get(id);
  return person
    ? { id: person.id, name: person.name, username: person.username, photo: person.photo }
    : { id, name: `User ${id}`, username: null, photo: null };
}

/** Whether a person's name, username or id contains `query` (lower case, no @). */
function matches(person: Person, query: string): boolean {
  if (!query) return true;
  return (
    person.name.toLowerCase().includes(query) ||
    (person.username ?? '').toLowerCase().includes(query) ||
    String(person.id).includes(query)
  );
}

/** A whole bot's own row, as every store answers `bots.get`. */
export function botRecord(bot: DevBot): BotRecord {
  return copy({
    id: bot.id,
    telegram_id: bot.telegram_id,
    name: bot.name,
    username: bot.username,
    photo: bot.photo,
    status: bot.status,
    owner: bot.owner,
    drop: bot.drop,
    notice: bot.notice,
    lang: bot.lang,
    plan: bot.plan,
    jr_enable: bot.jr_enable,
    popup: bot.popup,
    referral: bot.referral,
  });
}

function itemRecord(item: DevShopItem): ShopItemRecord {
  const { purchases: _purchases, id, ...fields } = item;
  return copy({ id: id as number, ...fields });
}

/** Gives every shop item without one an id, after the highest in use. */
function numberShopItems(data: DevData): void {
  const items = data.bots.flatMap((bot) => bot.shop.flatMap((category) => category.items));
  let next = Math.max(0, ...items.map((item) => item.id ?? 0)) + 1;
  for (const item of items) {
    if (item.id === undefined) {
      item.id = next;
      next += 1;
    }
  }
}

/** Gives every list item without one an id, after the highest in use. */
function numberListItems(data: DevData): void {
  const items = data.bots.flatMap((bot) => LIST_ITEM_KINDS.flatMap((kind) => bot.lists[kind]));
  let next = Math.max(0, ...items.map((item) => item.id ?? 0)) + 1;
  for (const item of items) {
    if (item.id === undefined) {
      item.id = next;
      next += 1;
    }
  }
}

/** An item as the runtime reads it (numberListItems gave it its id). */
function listItemRecord(kind: ListItemKind, index: number, item: DevListItem): ListItemRecord {
  return copy({ id: item.id as number, kind, index, name: item.name, messages: item.messages });
}

/**
 * The repositories over one document (the write's copy, or the read's snapshot).
 */
function documentTransaction(data: DevData): StoreTx {
  numberShopItems(data);
  const botById = (id: number) => data.bots.find((bot) => bot.id === id);
  const mustBot = (id: number) => {
    const bot = botById(id);
    if (!bot) throw new Error(`memory store: no bot ${id}`);
    return bot;
  };
  const shopItem = (itemId: number) => {
    for (const bot of data.bots) {
      for (const category of bot.shop) {
        const index = category.items.findIndex((item) => item.id === itemId);
        if (index >= 0) return { category, index, item: category.items[index] as DevShopItem };
      }
    }
    return null;
  };
  const peopleById = () => new Map(data.people.map((person) => [person.id, person]));
  const listOf = (botId: number, kind: ListItemKind) => mustBot(botId).lists[kind];
  const planState = () => {
    data.plans ??= { invoice_links: {}, payments: {}, ends: {} };
    return data.plans;
  };
  const botdeckState = () => {
    data.botdeck ??= { poll_offsets: {}, taken_updates: {}, starts: {} };
    return data.botdeck;
  };
  const runtimeState = () => {
    data.runtime ??= {
      poll_offsets: {},
      file_ids: {},
      awaited_answers: {},
      group_messages: {},
      group_notices: {},
    };
    return data.runtime;
  };

  return {
    people: {
      async get(id) {
        return copy(data.people.find((person) => person.id === id) ?? null);
      },
      async getMany(ids) {
        const wanted = new Set(ids);
        return copy(data.people.filter((person) => wanted.has(person.id)));
      },
      async put(person) {
        const index = data.people.findIndex((p) => p.id === person.id);
        if (index >= 0) data.people[index] = copy(person);
        else data.people.push(copy(person));
      },
      async photoHolder(reference) {
        return (
          data.people.find((p) => p.photo === reference)?.name ??
          data.bots.find((b) => b.photo === reference)?.name ??
          data.bots.flatMap((b) => b.join_req).find((r) => r.photo === reference)?.name ??
          null
        );
      },
    },

    accounts: {
      async get(userId) {
        return copy(data.accounts[userId] ?? null);
      },
      async setLanguage(userId, lang) {
        data.accounts[userId] = { balance: null, ...data.accounts[userId], lang };
      },
    },

    bots: {
      async get(id) {
        const bot = botById(id);
        return bot ? botRecord(bot) : null;
      },
      async getWithoutLock(id) {
        const bot = botById(id);
        return bot ? botRecord(bot) : null;
      },
      async byTelegramId(telegramId) {
        const bot = data.bots.find((b) => b.telegram_id === telegramId);
        return bot ? botRecord(bot) : null;
      },
      async ofUser(userId) {
        return data.bots
          .filter((bot) => bot.owner === userId || bot.admins.some((a) => a.id === userId))
          .sort((a, b) => a.id - b.id)
          .map(botRecord);
      },
      async token(id) {
        return botById(id)?.token ?? null;
      },
      async create(bot) {
        const created: DevBot = { ...copy(bot), id: data.next_bot_id };
        data.next_bot_id += 1;
        data.bots.push(created);
        numberShopItems(data);
        numberListItems(data);
        return botRecord(created);
      },
      async update(id, changes) {
        Object.assign(mustBot(id), copy(changes));
      },
      async delete(id) {
        data.bots = data.bots.filter((bot) => bot.id !== id);
        data.invoices = data.invoices.filter((invoice) => invoice.bot_id !== id);
        data.sales = (data.sales ?? []).filter((sale) => sale.bot_id !== id);
        data.captchas = data.captchas.filter((captcha) => captcha.bot_id !== id);
        if (data.plans) {
          delete data.plans.ends[id];
          for (const key of Object.keys(data.plans.invoice_links)) {
            if (key.startsWith(`${id}/`)) delete data.plans.invoice_links[key];
          }
          for (const key of Object.keys(data.plans.checkouts ?? {})) {
            if (key.startsWith(`${id}/`)) delete data.plans.checkouts?.[key];
          }
        }
        if (data.runtime) {
          const state = data.runtime;
          delete state.poll_offsets[id];
          for (const map of [
            state.file_ids,
            state.awaited_answers,
            state.group_messages,
            state.group_notices,
            state.relays ?? {},
            state.user_topics ?? {},
            state.taken_updates ?? {},
          ]) {
            for (const key of Object.keys(map)) if (key.startsWith(`${id}/`)) delete map[key];
          }
        }
      },
    },

    admins: {
      async of(botId) {
        return copy(botById(botId)?.admins ?? []);
      },
      async get(botId, userId) {
        return copy(botById(botId)?.admins.find((a) => a.id === userId)?.permissions ?? null);
      },
      async put(botId, userId, permissions) {
        const bot = mustBot(botId);
        const admin = bot.admins.find((a) => a.id === userId);
        if (admin) admin.permissions = copy(permissions);
        else bot.admins.push({ id: userId, permissions: copy(permissions) });
      },
      async remove(botId, userId) {
        const bot = mustBot(botId);
        bot.admins = bot.admins.filter((a) => a.id !== userId);
      },
    },

    members: {
      async isMember(botId, userId) {
        return botById(botId)?.members.includes(userId) ?? false;
      },
      async isBanned(botId, userId) {
        return botById(botId)?.banned.includes(userId) ?? false;
      },
      async add(botId, userId) {
        const bot = mustBot(botId);
        if (!bot.members.includes(userId)) bot.members.push(userId);
      },
      async ban(botId, userId) {
        const bot = mustBot(botId);
        if (!bot.banned.includes(userId)) bot.banned.push(userId);
      },
      async unban(botId, userId) {
        const bot = mustBot(botId);
        bot.banned = bot.banned.filter((id) => id !== userId);
      },
      async page(botId, list: MemberList, { query, offset, limit }) {
        const bot = botById(botId);
        const people = peopleById();
        const ids = !bot ? [] : list === 'banned' ? bot.banned : regularUsers(bot);
        const found = ids
          .map((id) => personOrPlaceholder(people, id))
          .filter((person) => matches(person, query));
        return {
          people: found.slice(offset, offset + limit),
          more: found.length > offset + limit,
        };
      },
      async counts(botId) {
        const bot = botById(botId);
        return { users: bot ? regularUsers(bot).length : 0, banned: bot?.banned.length ?? 0 };
      },
    },

    lists: {
      async find(botId, kind, name) {
        const items = botById(botId)?.lists[kind] ?? [];
        const folded = name.toLowerCase();
        const exact = items.findIndex((item) => item.name === name);
        const index =
          exact >= 0 ? exact : items.findIndex((item) => item.name.toLowerCase() === folded);
        const found = items[index];
        return found ? listItemRecord(kind, index, found) : null;
      },
      async byId(botId, id) {
        const bot = botById(botId);
        for (const kind of LIST_ITEM_KINDS) {
          const items = bot?.lists[kind] ?? [];
          const index = items.findIndex((item) => item.id === id);
          const found = items[index];
          if (found) return listItemRecord(kind, index, found);
        }
        return null;
      },
      async names(botId, kind) {
        return (botById(botId)?.lists[kind] ?? []).map((item) => item.name);
      },
      async items(botId, kind) {
        return (botById(botId)?.lists[kind] ?? []).map((item, index) =>
          listItemRecord(kind, index, item),
        );
      },
      async messageSet(botId, kind: MessageSetKind, index) {
        const bot = botById(botId);
        if (!bot) return null;
        if (kind === 'startMessage') {
          return copy({ name: 'Start message', messages: bot.start_messages });
        }
        const item = bot.lists[kind][index];
        return item ? copy({ name: item.name, messages: item.messages }) : null;
      },
      async setMessages(botId, kind, index, messages) {
        const bot = mustBot(botId);
        if (kind === 'startMessage') bot.start_messages = copy([...messages]);
        else {
          const item = bot.lists[kind][index];
          if (item) item.messages = copy([...messages]);
        }
      },
      async add(botId, kind, item) {
        listOf(botId, kind).push(copy(item));
        numberListItems(data);
      },
      async remove(botId, kind, index) {
        listOf(botId, kind).splice(index, 1);
      },
    },

    settings: {
      async advanced(botId) {
        return copy(mustBot(botId).advanced);
      },
      async setAdvanced(botId, advanced) {
        mustBot(botId).advanced = copy(advanced);
      },
      async media(botId) {
        return copy(botById(botId)?.media ?? []);
      },
      async setMedia(botId, media) {
        mustBot(botId).media = copy([...media]);
      },
      async joinRequirements(botId) {
        return copy(botById(botId)?.join_req ?? []);
      },
      async addJoinRequirement(botId, requirement) {
        mustBot(botId).join_req.push(copy(requirement));
      },
      async removeJoinRequirement(botId, index) {
        mustBot(botId).join_req.splice(index, 1);
      },
      async markJoinRequirementInactive(botId, username) {
        for (const requirement of mustBot(botId).join_req) {
          if (requirement.username.toLowerCase() === username.toLowerCase()) {
            requirement.notActive = true;
          }
        }
      },
    },

    shop: {
      async categories(botId) {
        return (botById(botId)?.shop ?? []).map((category) => ({
          name: category.name,
          items: category.items.map(itemRecord),
        }));
      },
      async itemAt(botId, ind, ind2) {
        const category = botById(botId)?.shop[ind];
        const item = category?.items[ind2];
        return category && item ? { category: category.name, item: itemRecord(item) } : null;
      },
      async item(itemId) {
        const found = shopItem(itemId);
        return found ? itemRecord(found.item) : null;
      },
      async itemWithoutLock(itemId) {
        const found = shopItem(itemId);
        return found ? itemRecord(found.item) : null;
      },
      async addItem(botId, categoryName, fields) {
        const bot = mustBot(botId);
        const key = categoryName.trim().toLowerCase();
        let category = bot.shop.find((c) => c.name.trim().toLowerCase() === key);
        if (!category) {
          category = { name: categoryName, items: [] };
          bot.shop.push(category);
        }
        category.items.push({ ...copy(fields), bought: 0, purchases: {} });
        numberShopItems(data);
      },
      async updateItem(itemId, fields) {
        const found = shopItem(itemId);
        if (found) Object.assign(found.item, copy(fields));
      },
      async deleteItem(itemId) {
        const found = shopItem(itemId);
        found?.category.items.splice(found.index, 1);
      },
      async purchasesBy(itemId, userId) {
        return shopItem(itemId)?.item.purchases[userId] ?? 0;
      },
      async recordPurchase(itemId, userId) {
        const found = shopItem(itemId);
        if (!found) return;
        found.item.bought += 1;
        found.item.purchases[userId] = (found.item.purchases[userId] ?? 0) + 1;
      },
      async returnPurchase(itemId, userId) {
        const found = shopItem(itemId);
        if (!found) return;
        found.item.bought = Math.max(found.item.bought - 1, 0);
        found.item.purchases[userId] = Math.max((found.item.purchases[userId] ?? 0) - 1, 0);
      },
    },

    invoices: {
      async create(invoice) {
        data.invoices.push(copy(invoice));
      },
      async get(slug) {
        return copy(data.invoices.find((invoice) => invoice.slug === slug) ?? null);
      },
      async markPaid(slug) {
        const invoice = data.invoices.find((i) => i.slug === slug);
        if (invoice) Object.assign(invoice, { status: 'paid', held_until: null });
      },
      async hold(slug, until) {
        const invoice = data.invoices.find((i) => i.slug === slug);
        if (invoice) Object.assign(invoice, { status: 'held', held_until: until });
      },
      async endHold(slug, now) {
        const invoice = data.invoices.find((i) => i.slug === slug);
        if (invoice?.status === 'held' && (invoice.held_until ?? 0) > now) {
          invoice.held_until = now;
        }
      },
      async forgetUnpaidBefore(time, limit) {
        const forgotten = data.invoices
          .filter((i) => i.status !== 'paid' && i.created_at < time)
          .slice(0, limit);
        data.invoices = data.invoices.filter((i) => !forgotten.includes(i));
        return forgotten.length;
      },
      async held(itemId, userId, now, except) {
        const holds = data.invoices.filter(
          (i) =>
            i.status === 'held' &&
            i.item_id === itemId &&
            (i.held_until ?? 0) > now &&
            i.slug !== except,
        );
        return { all: holds.length, buyer: holds.filter((i) => i.user_id === userId).length };
      },
    },

    sales: {
      async record(sale) {
        data.sales ??= [];
        if (data.sales.some((s) => s.charge_id === sale.charge_id)) return false;
        data.sales.push(copy(sale));
        return true;
      },
      async get(chargeId) {
        return copy((data.sales ?? []).find((s) => s.charge_id === chargeId) ?? null);
      },
      async claimDue(now, claimUntil, limit) {
        const due = (data.sales ?? [])
          .filter((s) => s.due_at !== null && s.due_at <= now)
          .sort((a, b) => (a.due_at as number) - (b.due_at as number))
          .slice(0, limit);
        for (const sale of due)
          Object.assign(sale, { due_at: claimUntil, attempts: sale.attempts + 1 });
        return copy(due);
      },
      async claim(chargeId, now, claimUntil) {
        const sale = (data.sales ?? []).find((s) => s.charge_id === chargeId);
        if (!sale || sale.due_at === null || sale.due_at > now) return null;
        Object.assign(sale, { due_at: claimUntil, attempts: sale.attempts + 1 });
        return copy(sale);
      },
      async update(chargeId, changes) {
        const sale = (data.sales ?? []).find((s) => s.charge_id === chargeId);
        if (sale) Object.assign(sale, copy(changes));
      },
      async ofBot(botId, before, limit) {
        const newestFirst = (a: SaleRecord, b: SaleRecord) =>
          b.paid_at - a.paid_at ||
          (a.charge_id < b.charge_id ? 1 : a.charge_id > b.charge_id ? -1 : 0);
        const isBefore = (s: SaleRecord) =>
          !before ||
          s.paid_at < before.paid_at ||
          (s.paid_at === before.paid_at && s.charge_id < before.charge_id);
        return copy(
          (data.sales ?? [])
            .filter((s) => s.bot_id === botId && isBefore(s))
            .sort(newestFirst)
            .slice(0, limit),
        );
      },
    },

    runtime: {
      async activeBotIds() {
        return data.bots
          .filter((bot) => bot.status === 'Active')
          .map((bot) => bot.id)
          .sort((a, b) => a - b);
      },
      async rememberRelay(relay) {
        const state = runtimeState();
        state.relays ??= {};
        for (const [key, kept] of Object.entries(state.relays)) {
          if (key.startsWith(`${relay.botId}/`) && kept.at < relay.forgetBefore) {
            delete state.relays[key];
          }
        }
        state.relays[`${relay.botId}/${relay.teamChatId}/${relay.messageId}`] = {
          user_id: relay.userId,
          at: relay.at,
        };
      },
      async relayedFrom(botId, teamChatId, messageId) {
        return data.runtime?.relays?.[`${botId}/${teamChatId}/${messageId}`]?.user_id ?? null;
      },
      async userTopic(botId, groupId, userId) {
        const topic = data.runtime?.user_topics?.[`${botId}/${groupId}/${userId}`];
        return topic ? { threadId: topic.thread_id, closed: topic.closed } : null;
      },
      async topicUser(botId, groupId, threadId) {
        const prefix = `${botId}/${groupId}/`;
        for (const [key, topic] of Object.entries(data.runtime?.user_topics ?? {})) {
          if (key.startsWith(prefix) && topic.thread_id === threadId) {
            return Number(key.slice(prefix.length));
          }
        }
        return null;
      },
      async keepUserTopic({ botId, groupId, userId, threadId, replacing }) {
        const state = runtimeState();
        state.user_topics ??= {};
        const key = `${botId}/${groupId}/${userId}`;
        const current = state.user_topics[key];
        if (current && current.thread_id !== replacing) return current.thread_id;
        state.user_topics[key] = { thread_id: threadId, closed: false };
        return threadId;
      },
      async markTopicClosed(botId, groupId, threadId, closed) {
        const prefix = `${botId}/${groupId}/`;
        for (const [key, topic] of Object.entries(data.runtime?.user_topics ?? {})) {
          if (key.startsWith(prefix) && topic.thread_id === threadId) topic.closed = closed;
        }
      },
      async allBotIds() {
        return data.bots.map((bot) => bot.id).sort((a, b) => a - b);
      },
      async pollOffset(botId) {
        return data.runtime?.poll_offsets[botId] ?? 0;
      },
      async setPollOffset(botId, offset) {
        runtimeState().poll_offsets[botId] = offset;
      },
      async takeUpdate(botId, updateId, now, turnOf = null) {
        const state = runtimeState();
        state.taken_updates ??= {};
        const key = `${botId}/${updateId}`;
        if (key in state.taken_updates) return false;
        state.taken_updates[key] = now;
        if (turnOf !== null) {
          state.chat_turns ??= {};
          state.chat_turns[key] = { chat_id: turnOf, taken_at: now };
        }
        return true;
      },
      async chatBusyBefore(botId, chatId, updateId, since) {
        return Object.entries(data.runtime?.chat_turns ?? {}).some(([key, turn]) => {
          const [bot, update] = key.split('/').map(Number);
          return (
            bot === botId &&
            turn.chat_id === chatId &&
            (update as number) < updateId &&
            turn.taken_at > since
          );
        });
      },
      async turnEnded(botId, updateId) {
        delete data.runtime?.chat_turns?.[`${botId}/${updateId}`];
      },
      async forgetUpdatesTakenBefore(time, limit) {
        const taken = data.runtime?.taken_updates ?? {};
        let forgotten = 0;
        for (const [key, at] of Object.entries(taken)) {
          if (forgotten === limit) break;
          if (at >= time) continue;
          delete taken[key];
          delete data.runtime?.chat_turns?.[key];
          forgotten += 1;
        }
        return forgotten;
      },
      async fileId(botId, upload) {
        return data.runtime?.file_ids[`${botId}/${upload}`] ?? null;
      },
      async rememberFileId(botId, upload, fileId) {
        runtimeState().file_ids[`${botId}/${upload}`] = fileId;
      },
      async awaitedAnswer(botId, userId) {
        return data.runtime?.awaited_answers[`${botId}/${userId}`] ?? null;
      },
      async awaitAnswer(botId, userId, itemId) {
        const key = `${botId}/${userId}`;
        if (itemId === null) delete runtimeState().awaited_answers[key];
        else runtimeState().awaited_answers[key] = itemId;
      },
      async countGroupMessage({ botId, chatId, messageId, userId, sentAt, since, forgetBefore }) {
        const senders = runtimeState().group_messages;
        for (const [key, messages] of Object.entries(senders)) {
          if (!key.startsWith(`${botId}/`)) continue;
          const kept = messages.filter((message) => message.sent_at >= forgetBefore);
          if (kept.length > 0) senders[key] = kept;
          else delete senders[key];
        }
        const key = `${botId}/${chatId}/${userId}`;
        const messages = senders[key] ?? [];
        if (!messages.some((message) => message.message_id === messageId)) {
          messages.push({ message_id: messageId, sent_at: sentAt });
        }
        senders[key] = messages;
        return messages.filter((message) => message.sent_at >= since && message.sent_at <= sentAt)
          .length;
      },
      async claimGroupNotice({ botId, chatId, userId, at, notAfter }) {
        const notices = runtimeState().group_notices;
        for (const [key, sentAt] of Object.entries(notices)) {
          if (key.startsWith(`${botId}/`) && sentAt <= notAfter) delete notices[key];
        }
        const key = `${botId}/${chatId}/${userId}`;
        if (notices[key] !== undefined) return false;
        notices[key] = at;
        return true;
      },
    },

    captchas: {
      async create(captcha) {
        if (data.captchas.some((c) => c.id === captcha.id)) {
          throw new Error(`memory store: captcha ${captcha.id} exists`);
        }
        data.captchas.push(copy(captcha));
      },
      async get(id) {
        return copy(data.captchas.find((c) => c.id === id) ?? null);
      },
      async setMessage(id, messageId) {
        const captcha = data.captchas.find((c) => c.id === id);
        if (!captcha) return false;
        captcha.message_id = messageId;
        return true;
      },
      async redraw(id, grid, counts) {
        const captcha = data.captchas.find((c) => c.id === id);
        if (captcha) Object.assign(captcha, copy(grid), counts);
      },
      async pass(id) {
        const captcha = data.captchas.find((c) => c.id === id);
        if (captcha?.status !== 'pending') return false;
        captcha.status = 'passed';
        return true;
      },
      async picture(token, now) {
        for (const captcha of data.captchas) {
          const picture = captcha.pictures.find((p) => p.token === token);
          if (!picture) continue;
          if (captcha.status !== 'pending' || now >= captcha.expires_at) return null;
          return { scene: picture.scene, variant: picture.variant };
        }
        return null;
      },
      async due(now, limit) {
        // One process, one write at a time: nothing to skip but the claims.
        return copy(
          data.captchas
            .filter(
              (c) =>
                c.status === 'pending' &&
                c.expires_at <= now &&
                (runtimeState().captcha_claims?.[c.id] ?? 0) <= now,
            )
            .sort((a, b) => a.expires_at - b.expires_at)
            .slice(0, limit),
        );
      },
      async claim(id, until) {
        if (data.captchas.some((c) => c.id === id && c.status === 'pending')) {
          const state = runtimeState();
          state.captcha_claims = { ...state.captcha_claims, [id]: until };
        }
      },
      async markHandled(id) {
        const captcha = data.captchas.find((c) => c.id === id);
        if (captcha?.status === 'pending') captcha.status = 'expired';
      },
    },

    plans: {
      async invoiceLinks(botId) {
        return Object.entries(data.plans?.invoice_links ?? {}).flatMap(([key, link]) => {
          const [bot, tier, period] = key.split('/');
          return Number(bot) === botId
            ? [{ tier: tier as PlanSold, period: period as PlanPeriod, link }]
            : [];
        });
      },
      async keepInvoiceLink(botId, tier, period, link) {
        const links = planState().invoice_links;
        const key = `${botId}/${tier}/${period}`;
        links[key] ??= link;
        return links[key];
      },
      async linkOrder(link) {
        for (const [key, kept] of Object.entries(data.plans?.invoice_links ?? {})) {
          const [bot, tier, period] = key.split('/');
          if (kept === link) {
            return { botId: Number(bot), tier: tier as PlanSold, period: period as PlanPeriod };
          }
        }
        return null;
      },
      async acceptCheckout({ botId, tier, period, payerId }, at) {
        const state = planState();
        state.checkouts ??= {};
        state.checkouts[`${botId}/${tier}/${period}/${payerId}`] = at;
      },
      async takeCheckout({ botId, tier, period, payerId }, since) {
        const checkouts = data.plans?.checkouts ?? {};
        const key = `${botId}/${tier}/${period}/${payerId}`;
        const at = checkouts[key];
        if (at === undefined || at < since) return false;
        delete checkouts[key];
        return true;
      },
      async paymentRecorded(chargeId) {
        return chargeId in (data.plans?.payments ?? {});
      },
      async subscribed({ botId, tier, period, payerId }) {
        return Object.values(data.plans?.payments ?? {}).some(
          (payment) =>
            payment.bot_id === botId &&
            payment.payer_id === payerId &&
            payment.tier === tier &&
            payment.period === period &&
            payment.subscription_ends_at !== null,
        );
      },
      async recordPayment(payment) {
        const payments = planState().payments;
        if (payment.chargeId in payments) return false;
        payments[payment.chargeId] = {
          bot_id: payment.botId,
          payer_id: payment.payerId,
          tier: payment.tier,
          period: payment.period,
          amount: payment.amount,
          paid_at: payment.paidAt,
          subscription_ends_at: payment.subscriptionEndsAt,
        };
        return true;
      },
      async scheduleEnd(botId, endsAt) {
        const ends = planState().ends;
        if (endsAt === null) delete ends[botId];
        else ends[botId] = { ends_at: endsAt, claimed_until: null };
      },
      async dueEnds(now, limit) {
        return Object.entries(data.plans?.ends ?? {})
          .filter(([, end]) => end.ends_at <= now && (end.claimed_until ?? 0) <= now)
          .sort(([a, x], [b, y]) => x.ends_at - y.ends_at || Number(a) - Number(b))
          .slice(0, limit)
          .map(([botId, end]) => ({ botId: Number(botId), endsAt: end.ends_at }));
      },
      async claimEnd(botId, until) {
        const end = data.plans?.ends[botId];
        if (end) end.claimed_until = until;
      },
      async endFollowed(botId, endsAt) {
        if (data.plans?.ends[botId]?.ends_at === endsAt) delete data.plans.ends[botId];
      },
      async recordRefund(refund) {
        const state = planState();
        state.refunds ??= {};
        const refunds = state.refunds;
        if (refund.chargeId in refunds) return false;
        refunds[refund.chargeId] = {
          payer_id: refund.payerId,
          amount: refund.amount,
          reason: refund.reason,
          recorded_at: refund.recordedAt,
          status: refund.status,
          attempts: refund.attempts,
          due_at: refund.dueAt,
          last_error: refund.lastError,
        };
        return true;
      },
      async claimDueRefunds(now, claimUntil, limit) {
        const due = Object.entries(data.plans?.refunds ?? {})
          .filter(([, refund]) => refund.due_at !== null && refund.due_at <= now)
          .sort(([, a], [, b]) => (a.due_at as number) - (b.due_at as number))
          .slice(0, limit);
        return due.map(([chargeId, refund]) => {
          refund.due_at = claimUntil;
          refund.attempts += 1;
          return planRefundRecord(chargeId, refund);
        });
      },
      async updateRefund(chargeId, changes) {
        const refund = data.plans?.refunds?.[chargeId];
        if (!refund) return;
        Object.assign(refund, {
          status: changes.status,
          due_at: changes.dueAt,
          last_error: changes.lastError,
        });
      },
      async refund(chargeId) {
        const refund = data.plans?.refunds?.[chargeId];
        return refund ? planRefundRecord(chargeId, refund) : null;
      },
    },

    botdeck: {
      async pollOffset(telegramBotId) {
        return data.botdeck?.poll_offsets[telegramBotId] ?? 0;
      },
      async setPollOffset(telegramBotId, offset) {
        botdeckState().poll_offsets[telegramBotId] = offset;
      },
      async takeUpdate(telegramBotId, updateId, now) {
        const state = botdeckState();
        const key = `${telegramBotId}/${updateId}`;
        if (key in state.taken_updates) return false;
        state.taken_updates[key] = now;
        return true;
      },
      async forgetUpdatesTakenBefore(time, limit) {
        const taken = data.botdeck?.taken_updates ?? {};
        let forgotten = 0;
        for (const [key, at] of Object.entries(taken)) {
          if (forgotten === limit) break;
          if (at >= time) continue;
          delete taken[key];
          delete data.runtime?.chat_turns?.[key];
          forgotten += 1;
        }
        return forgotten;
      },
      async recordStart({ userId, at, referredBy }) {
        const state = botdeckState();
        if (String(userId) in state.starts) return false;
        state.starts[userId] = { at, referred_by: referredBy };
        return true;
      },
    },
  };
}

/** The repository methods that change data: a read refuses them, as a read-only transaction does. */
const WRITING_METHODS = new Set([
  'put',
  'setLanguage',
  'create',
  'update',
  'delete',
  'add',
  'remove',
  'ban',
  'unban',
  'setMessages',
  'setAdvanced',
  'setMedia',
  'addJoinRequirement',
  'removeJoinRequirement',
  'markJoinRequirementInactive',
  'addItem',
  'updateItem',
  'deleteItem',
  'recordPurchase',
  'returnPurchase',
  'markPaid',
  'hold',
  'forgetUnpaidBefore',
  'record',
  'claimDue',
  'setPollOffset',
  'takeUpdate',
  'forgetUpdatesTakenBefore',
  'recordStart',
  'keepInvoiceLink',
  'acceptCheckout',
  'takeCheckout',
  'recordPayment',
  'scheduleEnd',
  'dueEnds',
  'claimEnd',
  'endFollowed',
  'rememberRelay',
  'keepUserTopic',
  'markTopicClosed',
  'rememberFileId',
  'awaitAnswer',
  'setMessage',
  'redraw',
  'pass',
  'due',
  'claim',
  'markHandled',
]);

/** The same repositories with every writing method refusing. */
function readOnly(tx: StoreTx): StoreTx {
  return Object.fromEntries(
    Object.entries(tx).map(([name, repository]) => [
      name,
      Object.fromEntries(
        Object.entries(repository as Record<string, unknown>).map(([method, run]) => [
          method,
          WRITING_METHODS.has(method)
            ? () => Promise.reject(new Error(`memory store: ${name}.${method} in a read`))
            : run,
        ]),
      ),
    ]),
  ) as unknown as StoreTx;
}

/** Members who are neither the owner, an admin nor banned, in the order they came. */
function regularUsers(bot: DevBot): number[] {
  const special = new Set([bot.owner, ...bot.admins.map((a) => a.id), ...bot.banned]);
  return bot.members.filter((id) => !special.has(id));
}

/** Uploads kept in a map, for as long as the store lives. */
function memoryUploads(): UploadStorage {
  const files = new Map<string, StoredUpload & { botId: number }>();
  return {
    async put(botId, file) {
      const name = newUploadName(file);
      files.set(name, {
        name,
        type: file.type || typeFromName(name),
        bytes: file.bytes.slice(),
        botId,
      });
      return name;
    },
    async get(name) {
      const file = files.get(name);
      return file ? { name: file.name, type: file.type, bytes: file.bytes } : null;
    },
    async removeAllOf(botId) {
      for (const [name, file] of files) if (file.botId === botId) files.delete(name);
    },
    async remove(name) {
      files.delete(name);
    },
    async clear() {
      files.clear();
    },
  };
}

/**
 * A store in memory, starting from its own copy of `initial` (the seed unless given), so stories
 * and tests never see each other's changes.
 */
export interface MemoryStore extends Store {
  /** A copy of all the data: for tests that check a call changed nothing. */
  snapshot(): Promise<DevData>;
  /**
   * Changes the document itself, after the writes before it (a test drive keeps its copy of a
   * bot in step with the bot's saved configuration this way, the rest of its data kept).
   */
  edit(change: (data: DevData) => void): Promise<void>;
}

/** A plan refund as the store hands it out, from the memory store's copy. */
function planRefundRecord(
  chargeId: string,
  refund: NonNullable<NonNullable<DevData['plans']>['refunds']>[string],
): PlanRefundRecord {
  return {
    chargeId,
    payerId: refund.payer_id,
    amount: refund.amount,
    reason: refund.reason,
    recordedAt: refund.recorded_at,
    status: refund.status,
    attempts: refund.attempts,
    dueAt: refund.due_at,
    lastError: refund.last_error,
  };
}

export function createMemoryStore(initial: DevData = createSeed()): MemoryStore {
  const prepare = (source: DevData) => {
    const prepared = cloneData(source);
    numberShopItems(prepared);
    numberListItems(prepared);
    return prepared;
  };
  let data = prepare(initial);
  const uploads = memoryUploads();
  let queue: Promise<unknown> = Promise.resolve();

  return {
    async read(work) {
      return work(readOnly(documentTransaction(data)));
    },
    write(work) {
      const run = queue.then(async () => {
        const draft = cloneData(data);
        const result = await work(documentTransaction(draft));
        data = draft;
        return result;
      });
      // A failed write must not block the ones queued after it.
      queue = run.catch(() => undefined);
      return run;
    },
    async reset(next) {
      await queue;
      data = prepare(next);
      await uploads.clear();
    },
    uploads,
    async close() {
      await queue;
    },
    async snapshot() {
      await queue;
      return cloneData(data);
    },
    edit(change) {
      const run = queue.then(() => {
        const draft = cloneData(data);
        change(draft);
        data = prepare(draft);
      });
      queue = run.catch(() => undefined);
      return run;
    },
  };
}
