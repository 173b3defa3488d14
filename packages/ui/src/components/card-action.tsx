/** A small button of a list's card; `name`, its accessible name, says what it acts on. */
import { Button, type ButtonProps } from '@mantine/core';

export function CardAction({
  name,
  onClick,
  variant = 'light',
  ...props
}: ButtonProps & { name: string; onClick: () => void }) {
  return <Button size="xs" variant={variant} {...props} onClick={onClick} aria-label={name} />;
}
