import type { ComponentProps } from 'react';

interface Props extends ComponentProps<'button'> {
  variant: 'primary' | 'secondary' | 'danger' | 'icon' | 'page';
}

/** The admin's button in one of its looks; `type="button"` unless told otherwise. */
export default function Button({ variant, type = 'button', className, ...rest }: Props) {
  const classes = `admin-btn admin-btn--${variant}${className ? ` ${className}` : ''}`;
  return <button className={classes} type={type} {...rest} />;
}
