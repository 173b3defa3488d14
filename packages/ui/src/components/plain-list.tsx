/** A list (ul) of cards or rows, without bullets or indent; `label` names it for screen readers. */
import { Stack, type StackProps } from '@mantine/core';

export function PlainList({ label, ...props }: StackProps & { label?: string }) {
  return (
    <Stack component="ul" aria-label={label} p={0} m={0} style={{ listStyle: 'none' }} {...props} />
  );
}
