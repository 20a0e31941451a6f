export {
  SegmentedControl,
  type SegmentedControlOption,
  type SegmentedControlProps,
} from './segmented-control';
