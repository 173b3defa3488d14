/**
 * A labelled group of radio buttons in a row (wrapping on a narrow screen): one choice of a few,
 * each with its own label. The group takes what `form.getInputProps` gives, or value/onChange.
 */
import type { ReactNode } from 'react';
import { Group, Radio, type MantineSpacing, type RadioGroupProps } from '@mantine/core';

export interface RadioChoice {
  value: string;
  label: ReactNode;
  /** An id of its own, when a test or a label elsewhere names the button. */
  id?: string;
}

export interface RadioChoicesProps extends Omit<RadioGroupProps, 'children'> {
  choices: readonly RadioChoice[];
  /** Space between the buttons (default md). */
  gap?: MantineSpacing;
}

export function RadioChoices({ choices, gap = 'md', ...group }: RadioChoicesProps) {
  return (
    <Radio.Group {...group}>
      <Group gap={gap} mt={4}>
        {choices.map((choice) => (
          <Radio key={choice.value} value={choice.value} label={choice.label} id={choice.id} />
        ))}
      </Group>
    </Radio.Group>
  );
}
