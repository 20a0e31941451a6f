import { type Api, GrammyError } from 'grammy';
import type { ChatFullInfo } from 'grammy/types';
import type { RequiredChat } from '../api/telegram-port';
import { downloadPhoto } from './profile-photos';

/**
 * A join requirement's chat as the bot sees it (SERVER.md section 5: "Adding a requirement
 * resolves the chat with getChat"): its title, its picture, and whether the bot can check who
 * is a member. Null for a name Telegram knows no public chat by (or one it hides from the bot).
 */
export async function requiredChatOf(
  api: Api,
  apiRoot: string,
  botTelegramId: number,
  username: string,
): Promise<RequiredChat | null> {
  let chat: ChatFullInfo;
  try {
    chat = await api.getChat(`@${username}`);
  } catch (error) {
    // 400 "chat not found"; 403 the bot was removed from it: nothing to require either way.
    if (error instanceof GrammyError && [400, 403].includes(error.error_code)) return null;
    throw error;
  }
  // A person's or a bot's username names no chat one can join.
  if (chat.type === 'private') return null;
  const photo = chat.photo
    ? await downloadPhoto(api, apiRoot, chat.photo.small_file_id).catch(() => null)
    : null;
  return {
    name: chat.title ?? username,
    username: chat.username ?? username,
    photo,
    botCanCheck: await canCheckMembers(api, chat, botTelegramId),
  };
}

/**
 * getChatMember answers for others in a channel only to its admins, in a group to its members:
 * the bot's own membership says whether it will be able to check anyone's.
 */
async function canCheckMembers(
  api: Api,
  chat: ChatFullInfo,
  botTelegramId: number,
): Promise<boolean> {
  try {
    const me = await api.getChatMember(chat.id, botTelegramId);
    if (me.status === 'administrator' || me.status === 'creator') return true;
    return chat.type !== 'channel' && (me.status === 'member' || me.status === 'restricted');
  } catch (error) {
    if (error instanceof GrammyError && [400, 403].includes(error.error_code)) return false;
    throw error;
  }
}
