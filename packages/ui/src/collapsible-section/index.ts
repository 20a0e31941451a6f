export { CollapsibleSection, type CollapsibleSectionProps } from './collapsible-section';
