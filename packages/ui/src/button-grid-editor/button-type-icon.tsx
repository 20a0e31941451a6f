import type { ButtonType } from '@botdeck/core';
import {
  AlertIcon,
  BotIcon,
  LinkIcon,
  MenuIcon,
  MessageIcon,
  QuestionIcon,
  ShareIcon,
  ShopIcon,
} from '../icons';
import styles from './button-grid-editor.module.css';

/** The small picture of a button's type on its chip; the type's name is read out instead. */
export function ButtonTypeIcon({ type }: { type: ButtonType }) {
  const props = { size: 14, className: styles.chipIcon };
  switch (type) {
    case 'Url':
      return <LinkIcon {...props} />;
    case 'Popup':
      return <MessageIcon {...props} />;
    case 'Alert':
      return <AlertIcon {...props} />;
    case 'Menu':
      return <MenuIcon {...props} />;
    case 'Question':
      return <QuestionIcon {...props} />;
    case 'Share':
      return <ShareIcon {...props} />;
    case 'Shop':
      return <ShopIcon {...props} />;
    case 'Start Payload':
      return <BotIcon {...props} />;
    default:
      return type satisfies never;
  }
}
