export {
  AVATAR_COLORS,
  Avatar,
  type AvatarColor,
  type AvatarProps,
  avatarColor,
  avatarInitial,
  avatarVariants,
} from './avatar';
