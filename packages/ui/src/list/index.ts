export { List, ListItem, type ListItemProps } from './list';
