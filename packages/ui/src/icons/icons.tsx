import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../utils/cn';
import styles from './icons.module.css';

export interface IconProps extends Omit<ComponentProps<'svg'>, 'children'> {
  /** Width and height in pixels; the icon scales its 24-unit grid to it. */
  size?: number;
}

interface BaseIconProps extends IconProps {
  /** The icon's name, written on `data-icon` so tests and styles can find it. */
  name: string;
  /** A pointing icon (arrow, chevron) that must mirror in right-to-left layouts. */
  directional?: boolean;
  children: ReactNode;
}

/**
 * The frame every icon shares: a 24-unit stroked grid in the current text colour, hidden from
 * screen readers because the control around it carries the accessible name.
 */
function BaseIcon({ size = 20, name, directional, className, children, ...props }: BaseIconProps) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      data-slot="icon"
      data-icon={name}
      className={cn(styles.icon, directional && styles.directional, className)}
      {...props}
    >
      {children}
    </svg>
  );
}

/** A magnifying glass. */
export function SearchIcon(props: IconProps) {
  return (
    <BaseIcon name="search" {...props}>
      <circle cx="11" cy="11" r="6.5" />
      <path d="M16 16l4.5 4.5" />
    </BaseIcon>
  );
}

/** A cross, for close and clear. */
export function CloseIcon(props: IconProps) {
  return (
    <BaseIcon name="close" {...props}>
      <path d="M6 6l12 12M18 6L6 18" />
    </BaseIcon>
  );
}

/** A tick. */
export function CheckIcon(props: IconProps) {
  return (
    <BaseIcon name="check" {...props}>
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </BaseIcon>
  );
}

/** A horizontal bar, for an indeterminate checkbox. */
export function MinusIcon(props: IconProps) {
  return (
    <BaseIcon name="minus" {...props}>
      <path d="M6 12h12" />
    </BaseIcon>
  );
}

/** A plus, for add buttons. */
export function PlusIcon(props: IconProps) {
  return (
    <BaseIcon name="plus" {...props}>
      <path d="M12 5v14M5 12h14" />
    </BaseIcon>
  );
}

/** A chevron pointing down; it turns, it does not mirror. */
export function ChevronDownIcon(props: IconProps) {
  return (
    <BaseIcon name="chevron-down" {...props}>
      <path d="M6 9l6 6 6-6" />
    </BaseIcon>
  );
}

/** A chevron pointing forward: right in English, left in Arabic. */
export function ChevronForwardIcon(props: IconProps) {
  return (
    <BaseIcon name="chevron-forward" directional {...props}>
      <path d="M9 6l6 6-6 6" />
    </BaseIcon>
  );
}

/** An arrow pointing back: left in English, right in Arabic. */
export function ArrowBackIcon(props: IconProps) {
  return (
    <BaseIcon name="arrow-back" directional {...props}>
      <path d="M19 12H5M11 6l-6 6 6 6" />
    </BaseIcon>
  );
}

/** A closed padlock, for features the plan does not include. */
export function LockIcon(props: IconProps) {
  return (
    <BaseIcon name="lock" {...props}>
      <rect x="5" y="11" width="14" height="9" rx="2" />
      <path d="M8 11V8a4 4 0 0 1 8 0v3" />
    </BaseIcon>
  );
}

/** A bin, for delete. */
export function TrashIcon(props: IconProps) {
  return (
    <BaseIcon name="trash" {...props}>
      <path d="M4 7h16M10 4h4M6 7l1 13h10l1-13M10 11v6M14 11v6" />
    </BaseIcon>
  );
}

/** Three dots stacked, for a "more actions" menu. */
export function MoreIcon(props: IconProps) {
  return (
    <BaseIcon name="more" {...props}>
      <circle cx="12" cy="5.5" r="1.25" fill="currentColor" />
      <circle cx="12" cy="12" r="1.25" fill="currentColor" />
      <circle cx="12" cy="18.5" r="1.25" fill="currentColor" />
    </BaseIcon>
  );
}

/** A gear, for settings. */
export function SettingsIcon(props: IconProps) {
  return (
    <BaseIcon name="settings" {...props}>
      <circle cx="12" cy="12" r="3" />
      <path d="M12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3M5.3 5.3l2.1 2.1M16.6 16.6l2.1 2.1M5.3 18.7l2.1-2.1M16.6 7.4l2.1-2.1" />
    </BaseIcon>
  );
}

/** An exclamation mark in a circle, for errors and failures. */
export function AlertIcon(props: IconProps) {
  return (
    <BaseIcon name="alert" {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7.5v5.5M12 16.5v.01" />
    </BaseIcon>
  );
}

/** An "i" in a circle. */
export function InfoIcon(props: IconProps) {
  return (
    <BaseIcon name="info" {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v5.5M12 7.5v.01" />
    </BaseIcon>
  );
}

/** A tick in a circle, for success. */
export function CheckCircleIcon(props: IconProps) {
  return (
    <BaseIcon name="check-circle" {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M8 12.5l3 3 5-6" />
    </BaseIcon>
  );
}

/** A struck-through circle, for "not allowed". */
export function BanIcon(props: IconProps) {
  return (
    <BaseIcon name="ban" {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M5.7 5.7l12.6 12.6" />
    </BaseIcon>
  );
}

/** An empty tray, for empty lists. */
export function InboxIcon(props: IconProps) {
  return (
    <BaseIcon name="inbox" {...props}>
      <path d="M3 13l3-8h12l3 8v6H3z" />
      <path d="M3 13h5l1.5 2.5h5L16 13h5" />
    </BaseIcon>
  );
}

/** A chat bubble, for messages and bots. */
export function MessageIcon(props: IconProps) {
  return (
    <BaseIcon name="message" {...props}>
      <path d="M4 5h16v11H9l-5 4z" />
    </BaseIcon>
  );
}

/** A star, for plans and Telegram Stars. */
export function StarIcon(props: IconProps) {
  return (
    <BaseIcon name="star" {...props}>
      <path d="M12 3.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8-5.2-2.8-5.2 2.8 1-5.8-4.3-4.1 5.9-.8z" />
    </BaseIcon>
  );
}

/** An arrow leaving a box, for links that open outside the app. */
export function ExternalLinkIcon(props: IconProps) {
  return (
    <BaseIcon name="external-link" directional {...props}>
      <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
    </BaseIcon>
  );
}

/** A share arrow. */
export function ShareIcon(props: IconProps) {
  return (
    <BaseIcon name="share" directional {...props}>
      <path d="M12 15V4M8 8l4-4 4 4M5 12v7a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-7" />
    </BaseIcon>
  );
}

/** Three lines, for menus. */
export function MenuIcon(props: IconProps) {
  return (
    <BaseIcon name="menu" {...props}>
      <path d="M4 6.5h16M4 12h16M4 17.5h10" />
    </BaseIcon>
  );
}

/** A question mark in a speech bubble, for Q&A. */
export function QuestionIcon(props: IconProps) {
  return (
    <BaseIcon name="question" {...props}>
      <path d="M4 5.5h16v11H10l-4 3.5v-3.5H4z" />
      <path d="M10 9.2a2 2 0 1 1 2.6 1.9c-.4.2-.6.5-.6.9v.3" />
      <path d="M12 14.4h.01" />
    </BaseIcon>
  );
}

/** A slash in a box, for bot commands. */
export function CommandIcon(props: IconProps) {
  return (
    <BaseIcon name="command" {...props}>
      <rect x="3.5" y="4.5" width="17" height="15" rx="3" />
      <path d="M13.5 8l-3 8" />
    </BaseIcon>
  );
}

/** Two chain links, for start links and payloads. */
export function LinkIcon(props: IconProps) {
  return (
    <BaseIcon name="link" {...props}>
      <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
      <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
    </BaseIcon>
  );
}

/** A picture, for media. */
export function ImageIcon(props: IconProps) {
  return (
    <BaseIcon name="image" {...props}>
      <rect x="3.5" y="4.5" width="17" height="15" rx="3" />
      <circle cx="9" cy="10" r="1.8" />
      <path d="M20.5 15.5l-5-5-9 9" />
    </BaseIcon>
  );
}

/** A film camera, for video. */
export function VideoIcon(props: IconProps) {
  return (
    <BaseIcon name="video" {...props}>
      <rect x="3" y="6" width="13" height="12" rx="2.5" />
      <path d="M16 10.5l5-3v9l-5-3" />
    </BaseIcon>
  );
}

/** A note, for audio. */
export function AudioIcon(props: IconProps) {
  return (
    <BaseIcon name="audio" {...props}>
      <path d="M9 18V5l11-2v13" />
      <circle cx="6.5" cy="18" r="2.5" />
      <circle cx="17.5" cy="16" r="2.5" />
    </BaseIcon>
  );
}

/** A page with a folded corner, for a file. */
export function FileIcon(props: IconProps) {
  return (
    <BaseIcon name="file" {...props}>
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
      <path d="M14 3v5h5" />
    </BaseIcon>
  );
}

/** Two people, for users. */
export function UsersIcon(props: IconProps) {
  return (
    <BaseIcon name="users" {...props}>
      <circle cx="9" cy="8.5" r="3.5" />
      <path d="M2.5 19.5a6.5 6.5 0 0 1 13 0" />
      <path d="M16 5.2a3.5 3.5 0 0 1 0 6.6M18 14.2a6.5 6.5 0 0 1 3.5 5.3" />
    </BaseIcon>
  );
}

/** A robot's head, for the bot's own settings. */
export function BotIcon(props: IconProps) {
  return (
    <BaseIcon name="bot" {...props}>
      <rect x="4.5" y="7.5" width="15" height="12" rx="3" />
      <path d="M12 7.5V4.5M12 4.5h.01" />
      <path d="M9 12.5v1.5M15 12.5v1.5M2.5 13v2.5M21.5 13v2.5" />
    </BaseIcon>
  );
}

/** A shield, for protection settings. */
export function ShieldIcon(props: IconProps) {
  return (
    <BaseIcon name="shield" {...props}>
      <path d="M12 3.5l7.5 3v5.5c0 4.5-3.2 7.7-7.5 9-4.3-1.3-7.5-4.5-7.5-9V6.5z" />
      <path d="M9 12l2 2 4-4" />
    </BaseIcon>
  );
}

/** A shopping bag, for the shop. */
export function ShopIcon(props: IconProps) {
  return (
    <BaseIcon name="shop" {...props}>
      <path d="M5 8.5h14l-1 11.5H6z" />
      <path d="M9 8.5V7a3 3 0 0 1 6 0v1.5" />
    </BaseIcon>
  );
}

/** A microphone, for voice messages. */
export function MicrophoneIcon(props: IconProps) {
  return (
    <BaseIcon name="microphone" {...props}>
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21M8.5 21h7" />
    </BaseIcon>
  );
}

/** A square with a peeling corner, for stickers. */
export function StickerIcon(props: IconProps) {
  return (
    <BaseIcon name="sticker" {...props}>
      <path d="M20.5 12.5V6A2.5 2.5 0 0 0 18 3.5H6A2.5 2.5 0 0 0 3.5 6v12A2.5 2.5 0 0 0 6 20.5h6.5z" />
      <path d="M12.5 20.5V15a2.5 2.5 0 0 1 2.5-2.5h5.5" />
      <path d="M8.5 9h.01M13 9h.01" />
    </BaseIcon>
  );
}

/** "GIF" in a frame, for animations. */
export function GifIcon(props: IconProps) {
  return (
    <BaseIcon name="gif" {...props}>
      <rect x="3" y="5" width="18" height="14" rx="3" />
      <path d="M10 9.5H8.5A1.5 1.5 0 0 0 7 11v2a1.5 1.5 0 0 0 1.5 1.5H10V12H9M12.5 9.5v5M15.5 14.5v-5h3M15.5 12H18" />
    </BaseIcon>
  );
}

/** A map pin, for locations. */
export function LocationIcon(props: IconProps) {
  return (
    <BaseIcon name="location" {...props}>
      <path d="M12 21s-6.5-6-6.5-11a6.5 6.5 0 0 1 13 0c0 5-6.5 11-6.5 11z" />
      <circle cx="12" cy="10" r="2.5" />
    </BaseIcon>
  );
}

/** A card with a person on it, for shared contacts. */
export function ContactIcon(props: IconProps) {
  return (
    <BaseIcon name="contact" {...props}>
      <rect x="3" y="4.5" width="18" height="15" rx="2.5" />
      <circle cx="9" cy="10.5" r="2.2" />
      <path d="M5.5 16.5a3.5 3.5 0 0 1 7 0M14.5 9.5H18M14.5 13H18" />
    </BaseIcon>
  );
}

/** A round frame with a play mark, for video notes (Telegram's round videos). */
export function VideoNoteIcon(props: IconProps) {
  return (
    <BaseIcon name="video-note" {...props}>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M10.5 9l4.5 3-4.5 3z" />
    </BaseIcon>
  );
}

/** Bars of different heights in a frame, for polls. */
export function PollIcon(props: IconProps) {
  return (
    <BaseIcon name="poll" {...props}>
      <rect x="3.5" y="3.5" width="17" height="17" rx="3" />
      <path d="M8.5 16v-4M12 16V8M15.5 16v-6" />
    </BaseIcon>
  );
}
