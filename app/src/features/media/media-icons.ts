import type { ModerationType } from '@botdeck/core';
import {
  AudioIcon,
  ContactIcon,
  FileIcon,
  GifIcon,
  type IconProps,
  ImageIcon,
  LocationIcon,
  MicrophoneIcon,
  PollIcon,
  StickerIcon,
  VideoIcon,
  VideoNoteIcon,
} from '@botdeck/ui';
import type { ComponentType } from 'react';

/**
 * The picture of each media kind. Chosen by the kind's name, not the server's `icon` string:
 * the name is part of the contract's enum, the icon string is free text.
 */
export const MEDIA_ICONS = {
  Photo: ImageIcon,
  Video: VideoIcon,
  Voice: MicrophoneIcon,
  Audio: AudioIcon,
  Document: FileIcon,
  Sticker: StickerIcon,
  Animation: GifIcon,
  Location: LocationIcon,
  Contact: ContactIcon,
  'Video Note': VideoNoteIcon,
  Poll: PollIcon,
} as const satisfies Record<ModerationType, ComponentType<IconProps>>;
