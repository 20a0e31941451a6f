import type { ComponentProps } from 'react';
import { cn } from '../utils/cn';
import styles from './card.module.css';

/** A raised surface that groups related content (a bot's info, a plan, a settings block). */
export function Card({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="card" className={cn(styles.card, className)} {...props} />;
}

/** The card's top: title and description, with room for an action at the end. */
export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="card-header" className={cn(styles.header, className)} {...props} />;
}

/** The card's heading. */
export function CardTitle({ className, ...props }: ComponentProps<'h2'>) {
  return <h2 data-slot="card-title" className={cn(styles.title, className)} {...props} />;
}

/** A line under the title, in the hint colour. */
export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return (
    <p data-slot="card-description" className={cn(styles.description, className)} {...props} />
  );
}

/** The card's body. */
export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="card-content" className={cn(styles.content, className)} {...props} />;
}

/** A row of actions at the bottom of the card. */
export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="card-footer" className={cn(styles.footer, className)} {...props} />;
}
