import type { ComponentProps } from 'react';
import { cn } from './cn';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const base =
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors duration-150 disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-primary-strong text-white shadow-primary hover:bg-primary-hover',
  secondary: 'bg-primary-soft text-primary-strong hover:bg-[#e3e1fc]',
  outline: 'border border-border-strong bg-surface text-heading hover:bg-surface-muted',
  ghost: 'text-heading hover:bg-surface-muted',
  danger: 'bg-danger-text text-white hover:bg-[#a91f23]',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-[13px]',
  md: 'h-9.5 px-4 text-sm',
  lg: 'h-11 px-5 text-[15px]',
  icon: 'size-9.5 [&_svg]:size-5',
};

/** The classes of a button, for links styled as buttons (`<Link className={buttonClasses()}>`). */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return cn(base, variants[variant], sizes[size], className);
}

export type ButtonProps = ComponentProps<'button'> & { variant?: ButtonVariant; size?: ButtonSize };

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses({ variant, size, className })} {...props} />;
}
