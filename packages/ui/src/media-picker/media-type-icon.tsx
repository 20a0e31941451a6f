import type { MediaType } from '@botdeck/core';
import { AudioIcon, FileIcon, ImageIcon, VideoIcon } from '../icons';

/** The icon of a media type; a picker with no type yet shows the file one. */
export function MediaTypeIcon({ type }: { type: MediaType | null }) {
  switch (type) {
    case 'photo':
      return <ImageIcon />;
    case 'video':
      return <VideoIcon />;
    case 'audio':
      return <AudioIcon />;
    case 'file':
    case null:
      return <FileIcon />;
    default:
      return type satisfies never;
  }
}
