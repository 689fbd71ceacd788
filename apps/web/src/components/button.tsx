import type { ButtonHTMLAttributes, ReactNode } from 'react';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'reverse' | 'warning';
  children: ReactNode;
}

export function Button({ variant = 'primary', className, type = 'button', children, ...rest }: ButtonProps) {
  const classes = ['nhsuk-button', variant !== 'primary' ? `nhsuk-button--${variant}` : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button className={classes} type={type} data-module="nhsuk-button" {...rest}>
      {children}
    </button>
  );
}
