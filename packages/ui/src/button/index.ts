export { Button, type ButtonProps, buttonLook, buttonVariants } from './button';
