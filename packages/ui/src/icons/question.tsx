import { BaseIcon, type IconProps } from './base-icon';

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
