/**
 * Families (docs/reference.md "Families"): a member the club added without a login of their own
 * shows this badge wherever a list would show their email, and no mail link, so every screen
 * says it in the same words and colours.
 */
import { Badge, type BadgeProps } from '@mantine/core';

export const NO_LOGIN = 'No login';

export function NoLoginBadge(props: Omit<BadgeProps, 'children' | 'color' | 'variant'>) {
  return (
    <Badge color="gray" variant="light" {...props}>
      {NO_LOGIN}
    </Badge>
  );
}
