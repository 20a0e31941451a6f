// The design system's public parts. The tokens stylesheet is imported once by the app and by
// Storybook: `import '@botdeck/ui/tokens.css'`.
export * from './spinner';
export { cn } from './utils/cn';
