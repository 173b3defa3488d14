/**
 * Team colours by name: the picker's radio buttons are read by their names, and a swatch beside
 * a team's name is decoration (the name says which team it is).
 */
import { ColorSwatch } from '@mantine/core';
import { TEAM_COLOURS } from '@teamapp/contracts';

type TeamColour = (typeof TEAM_COLOURS)[number];

export const TEAM_COLOUR_NAMES: Record<TeamColour, string> = {
  '#1864ab': 'Blue',
  '#2b7a3e': 'Green',
  '#c92a2a': 'Red',
  '#5f3dc4': 'Violet',
  '#a61e4d': 'Raspberry',
  '#c2410c': 'Orange',
  '#087f5b': 'Teal',
  '#495057': 'Grey',
};

export function TeamSwatch({ colour, size = 18 }: { colour: string; size?: number }) {
  return (
    <ColorSwatch
      component="span"
      color={colour}
      size={size}
      aria-hidden="true"
      style={{ flexShrink: 0 }}
    />
  );
}
