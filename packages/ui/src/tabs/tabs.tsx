import { Tabs as TabsPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../utils/cn';
import styles from './tabs.module.css';

/**
 * Tabs' state holder (`value` / `defaultValue` / `onValueChange`). `dir="rtl"` makes the arrow
 * keys follow Arabic.
 */
export function Tabs({ className, ...props }: ComponentProps<typeof TabsPrimitive.Root>) {
  return <TabsPrimitive.Root data-slot="tabs" className={cn(styles.root, className)} {...props} />;
}

/** The row of tabs; give it an `aria-label` saying what the tabs switch between. */
export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List data-slot="tabs-list" className={cn(styles.list, className)} {...props} />
  );
}

/** One tab. The arrow keys move between tabs and show each one's panel. */
export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      data-slot="tabs-trigger"
      className={cn(styles.trigger, className)}
      {...props}
    />
  );
}

/** The panel a tab shows. */
export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      data-slot="tabs-content"
      className={cn(styles.content, className)}
      {...props}
    />
  );
}
