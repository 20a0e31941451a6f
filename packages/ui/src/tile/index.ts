export {
  Tile,
  type TileButtonProps,
  TileGrid,
  type TileLinkProps,
  type TileProps,
} from './tile';
