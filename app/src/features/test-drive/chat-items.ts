import type { ModerationReason, TestDriveItem } from '@botdeck/api';
import { MODERATION_TYPE_LABEL_KEYS, SCRIPTS } from '@botdeck/core';
import type { ChatItem, ChatViewLabels } from '@botdeck/ui';
import type { useI18n } from '../../i18n';

type Translate = ReturnType<typeof useI18n>['t'];

const isScript = (name: string): name is (typeof SCRIPTS)[number] =>
  (SCRIPTS as readonly string[]).includes(name);

const isModerationType = (name: string): name is keyof typeof MODERATION_TYPE_LABEL_KEYS =>
  Object.hasOwn(MODERATION_TYPE_LABEL_KEYS, name);

/** Why the bot deleted a message or punished its sender, in the reader's words. */
export function reasonText(reason: ModerationReason, t: Translate): string {
  switch (reason.rule) {
    case 'link':
      return t('testDrive.reasons.link', { link: reason.link });
    case 'script':
      return t('testDrive.reasons.script', {
        script: isScript(reason.script) ? t(`testDrive.scripts.${reason.script}`) : reason.script,
      });
    case 'media':
      return t('testDrive.reasons.media', {
        type: isModerationType(reason.type)
          ? t(MODERATION_TYPE_LABEL_KEYS[reason.type])
          : reason.type,
      });
    case 'antispam':
      return t('testDrive.reasons.antispam', { allowed: reason.allowed, seconds: reason.seconds });
    case 'join':
      return t('testDrive.reasons.join', { chats: reason.chats.join(', ') });
    default:
      return reason satisfies never;
  }
}

/** All the reasons, joined by "; "; undefined when the bot gave none. */
function detailOf(reasons: readonly ModerationReason[], t: Translate): string | undefined {
  return reasons.length > 0 ? reasons.map((reason) => reasonText(reason, t)).join('; ') : undefined;
}

/**
 * The chat the drive's view holds, as ChatView draws it: a message the bot deleted stays where
 * it was, followed by the service line saying so and why. `fileUrl` puts a file's path on the
 * API's origin (the client's testDriveFileUrl); as given when left out.
 */
export function chatItemsOf(
  items: readonly TestDriveItem[],
  scene: 'private' | 'group',
  t: Translate,
  fileUrl: (path: string) => string | null = (path) => path,
): ChatItem[] {
  return items.flatMap((item): ChatItem[] => {
    if (item.kind === 'service') {
      const detail = detailOf(item.reasons, t);
      return [
        {
          kind: 'service',
          id: `service-${item.id}`,
          event: item.event,
          name: item.name,
          ...(item.team ? { names: item.team } : {}),
          ...(item.group !== undefined ? { group: item.group } : {}),
          ...(detail ? { detail } : {}),
        },
      ];
    }
    const message: ChatItem = {
      kind: 'message',
      id: item.id,
      from: item.from,
      // Telegram names senders in groups only.
      ...(scene === 'group' ? { name: item.name } : {}),
      date: item.date,
      html: item.html,
      media: item.media
        ? {
            type: item.media.type,
            url: item.media.url === null ? null : fileUrl(item.media.url),
            ...(item.media.name !== undefined ? { name: item.media.name } : {}),
          }
        : null,
      buttons: item.buttons,
      ...(item.effect ? { effect: item.effect } : {}),
      edited: item.edited,
      replyTo: item.reply_to,
    };
    if (!item.deleted) return [message];
    const detail = detailOf(item.deleted.reasons, t);
    return [
      message,
      {
        kind: 'service',
        id: `deleted-${item.id}`,
        event: 'deleted',
        ...(detail ? { detail } : {}),
      },
    ];
  });
}

/** ChatView's texts in the reader's language. */
export function chatLabelsOf(t: Translate): ChatViewLabels {
  return {
    chat: t('testDrive.chat.chat'),
    composer: t('testDrive.chat.composer'),
    send: t('testDrive.chat.send'),
    start: t('testDrive.chat.start'),
    startName: t('testDrive.chat.startName'),
    typing: t('testDrive.chat.typing'),
    edited: t('testDrive.chat.edited'),
    commands: t('testDrive.chat.commands'),
    keyboard: t('testDrive.chat.keyboard'),
    ok: t('testDrive.chat.ok'),
    opensLink: t('testDrive.chat.opensLink'),
    opensMiniApp: t('testDrive.chat.opensMiniApp'),
    buttonName: (text, opens) => t('testDrive.chat.buttonName', { text, opens }),
    joined: (name) => t('testDrive.chat.joined', { name }),
    left: (name) => t('testDrive.chat.left', { name }),
    deleted: t('testDrive.chat.deleted'),
    restricted: (name) => t('testDrive.chat.restricted', { name }),
    banned: (name) => t('testDrive.chat.banned', { name }),
    unrestricted: (name) => t('testDrive.chat.unrestricted', { name }),
    joinedChat: (chat) => t('testDrive.chat.joinedChat', { chat }),
    sentToTeam: (names) => t('testDrive.chat.sentToTeam', { names }),
    sentToTopic: (topic, group) => t('testDrive.chat.sentToTopic', { topic, group }),
    lockedCommand: (command) => t('testDrive.chat.lockedCommand', { command }),
    lockedPayload: (payload) => t('testDrive.chat.lockedPayload', { payload }),
    withDetail: (text, detail) => t('testDrive.chat.withDetail', { text, detail }),
    media: {
      photo: t('testDrive.chat.media.photo'),
      video: t('testDrive.chat.media.video'),
      audio: t('testDrive.chat.media.audio'),
      file: t('testDrive.chat.media.file'),
      sticker: t('testDrive.chat.media.sticker'),
      animation: t('testDrive.chat.media.animation'),
      voice: t('testDrive.chat.media.voice'),
    },
    mediaNamed: (media, name) => t('testDrive.chat.mediaNamed', { media, name }),
    effect: (name) => t('testDrive.chat.effect', { name }),
    effects: {
      none: t('effects.none'),
      party: t('effects.party'),
      heart: t('effects.heart'),
      thumbsUp: t('effects.thumbsUp'),
      fire: t('effects.fire'),
    },
  };
}
