import type { MediaType } from '@botdeck/core';
import { ImageIcon } from '../icons';

/** A small outline per media type, matching the icon set's 24-unit stroked grid. */
export function MediaTypeIcon({ type }: { type: MediaType | null }) {
  if (type === 'photo') return <ImageIcon />;
  const name = type ?? 'file';
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      data-slot="icon"
      data-icon={name}
    >
      <MediaTypeGlyph type={name} />
    </svg>
  );
}

function MediaTypeGlyph({ type }: { type: Exclude<MediaType, 'photo'> }) {
  switch (type) {
    case 'video':
      return (
        <>
          <rect x="3" y="6" width="13" height="12" rx="2.5" />
          <path d="M16 10.5l5-3v9l-5-3" />
        </>
      );
    case 'audio':
      return (
        <>
          <path d="M9 18V5l11-2v13" />
          <circle cx="6.5" cy="18" r="2.5" />
          <circle cx="17.5" cy="16" r="2.5" />
        </>
      );
    case 'file':
      return (
        <>
          <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
          <path d="M14 3v5h5" />
        </>
      );
    default:
      return type satisfies never;
  }
}
